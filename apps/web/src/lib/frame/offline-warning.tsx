import { Button, Modal } from '@vendo/ui';
import type { ReactNode } from 'react';

/**
 * Before buying or topping up on an offline machine: continue, or go back (closing the modal goes back
 * too). Its words come translated from the caller, so they stay in the caller's feature catalog.
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
  onContinue(): void;
  onBack(): void;
  labels: { continue: string; back: string; close: string };
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
          <Button width="full" onClick={onContinue}>
            {labels.continue}
          </Button>
          <Button width="full" variant="secondary" onClick={onBack}>
            {labels.back}
          </Button>
        </>
      }
    >
      <p>{children}</p>
    </Modal>
  );
}
