import { Button, Modal } from '@vendo/ui';
import type { ReactNode } from 'react';

/**
 * Before buying or topping up on an offline machine: go back (closing the modal goes back too), or
 * continue where the machine's state allows it (a top-up; a purchase cannot go on, issue 32 point 6).
 * Its words come translated from the caller, so they stay in the caller's feature catalog.
 */
export function OfflineWarning({
  open,
  title,
  onContinue,
  onBack,
  labels,
  children,
}: {
  open: boolean;
  title: string;
  /** Without it, going back is the only way. */
  onContinue?: () => void;
  onBack(): void;
  labels: { continue?: string; back: string; close: string };
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      closeLabel={labels.close}
      onClose={onBack}
      actions={
        <>
          {onContinue ? (
            <Button width="full" onClick={onContinue}>
              {labels.continue}
            </Button>
          ) : null}
          <Button width="full" variant={onContinue ? 'secondary' : 'primary'} onClick={onBack}>
            {labels.back}
          </Button>
        </>
      }
    >
      <p>{children}</p>
    </Modal>
  );
}
