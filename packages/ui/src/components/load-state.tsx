import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { Spinner } from './spinner.tsx';

/** Where loading what a screen lists stands: exactly one of these shows at a time. */
export type LoadStatus = 'loading' | 'failed' | 'empty' | 'ready';

export interface LoadAction {
  /** Already translated, e.g. "Reintentar". */
  label: string;
  onSelect(): void;
}

export interface LoadFailure {
  title: string;
  description?: string | undefined;
  /** Usually "Try again"; some failures offer another way out (back to a list), some none at all. */
  action?: LoadAction | undefined;
}

export interface LoadEmpty {
  title: string;
  description?: string | undefined;
}

export interface LoadStateProps {
  status: LoadStatus;
  /** Already translated, e.g. "Cargando…"; read by screen readers, hidden on screen. */
  loadingLabel: string;
  /** A box around the spinner, e.g. to centre it on the page; without one the spinner stands alone. */
  loadingClassName?: string | undefined;
  failure: LoadFailure;
  /** Left out where an empty result never happens or needs no words. */
  empty?: LoadEmpty | undefined;
  /** What the screen shows once loaded. */
  children?: ReactNode;
}

/**
 * The status a screen is in, first match wins: still loading hides a failure or an empty list from
 * an earlier try, and a failure hides the (empty) list it could not fetch.
 */
export function loadStatus({
  loading,
  failed,
  empty = false,
}: {
  loading: boolean;
  failed: boolean;
  empty?: boolean;
}): LoadStatus {
  if (loading) return 'loading';
  if (failed) return 'failed';
  return empty ? 'empty' : 'ready';
}

/** What a screen shows while its content loads, when loading failed, when there is nothing, or the content itself. */
export function LoadState({ status, loadingLabel, loadingClassName, failure, empty, children }: LoadStateProps) {
  if (status === 'loading') {
    const spinner = <Spinner label={loadingLabel} />;
    return loadingClassName ? <div className={loadingClassName}>{spinner}</div> : spinner;
  }
  if (status === 'failed') {
    const { action } = failure;
    return (
      <ErrorState
        title={failure.title}
        description={failure.description}
        action={action && <Button onClick={() => action.onSelect()}>{action.label}</Button>}
      />
    );
  }
  if (status === 'empty') return empty ? <EmptyState title={empty.title} description={empty.description} /> : null;
  return <>{children}</>;
}
