import { StateContent, type StateProps } from './state-content.tsx';

export type EmptyStateProps = StateProps;

/** What a screen shows when there is nothing to list yet. */
export function EmptyState(props: EmptyStateProps) {
  return (
    <div className="vendo-state">
      <StateContent {...props} />
    </div>
  );
}
