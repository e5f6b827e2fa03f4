import type { ReactNode } from 'react';

export interface StateProps {
  title: string;
  description?: string | undefined;
  /** Usually a Button, e.g. "Reintentar". */
  action?: ReactNode;
}

/** The title, description and action shared by EmptyState and ErrorState. */
export function StateContent({ title, description, action }: StateProps) {
  return (
    <>
      <h2 className="vendo-state__title">{title}</h2>
      {description && <p className="vendo-state__description">{description}</p>}
      {action && <div className="vendo-state__action">{action}</div>}
    </>
  );
}
