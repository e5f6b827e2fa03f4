import { Trans } from '@lingui/react/macro';
import { Button } from '@vendo/ui';
import { Component, type ReactNode } from 'react';

/**
 * A render error anywhere below shows this instead of a blank page. React reports the error itself
 * (the root's onCaughtError, in main.tsx); the member gets a way back: trying again loads the page afresh.
 * A screen whose code never arrives ends here too (routes.tsx, SCREEN_LOAD_LIMIT_MS).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="vendo-page vendo-page--center" role="alert">
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <Button onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </Button>
      </main>
    );
  }
}
