import { StateContent, type StateProps } from './state-content.tsx';

export type ErrorStateProps = StateProps;

/** What a screen shows when loading failed; announced at once (role="alert"). */
export function ErrorState(props: ErrorStateProps) {
  return (
    <div role="alert" className="vendo-state vendo-state--error">
      <StateContent {...props} />
    </div>
  );
}
