import type { ReactNode } from 'react';

export type StatusTone = 'progress' | 'success' | 'error';

export interface StatusScreenProps {
  tone: StatusTone;
  /** The page's heading, already translated. */
  title: string;
  /** A spinner, an image or an icon above the title. */
  visual?: ReactNode;
  /** Body text and details. */
  children?: ReactNode;
  /** Buttons and links, stacked full width on a phone. */
  actions?: ReactNode;
}

/**
 * A whole-screen status such as "Connecting to the machine" or "Product not
 * delivered". Errors interrupt screen readers (role="alert"); progress and
 * success are announced politely (role="status") as the screen changes.
 */
export function StatusScreen({ tone, title, visual, children, actions }: StatusScreenProps) {
  return (
    <section role={tone === 'error' ? 'alert' : 'status'} className={`vendo-status vendo-status--${tone}`}>
      {visual && <div className="vendo-status__visual">{visual}</div>}
      <h1 className="vendo-status__title">{title}</h1>
      {children && <div className="vendo-status__body">{children}</div>}
      {actions && <div className="vendo-status__actions">{actions}</div>}
    </section>
  );
}
