import { type ReactNode, useId, useRef } from 'react';
import { useModalDialog } from '../hooks/use-modal-dialog.ts';
import { ThemedPortal } from '../theme/themed-portal.tsx';
import { DialogHeader } from './dialog-header.tsx';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Called by the close button and by Escape; the caller decides whether to close. */
  onClose(): void;
  /** Accessible name of the close (×) button, already translated. */
  closeLabel: string;
  children: ReactNode;
  /** Buttons along the bottom, e.g. confirm and cancel. */
  actions?: ReactNode;
}

/**
 * A native modal `<dialog>` in a portal on document.body (which carries the theme): the page behind is
 * inert while it is open; focus goes in, stays in, and comes back.
 */
export function Modal({ open, ...props }: ModalProps) {
  // The dialog lives in an inner component so it opens (showModal) when it mounts and closes before it unmounts.
  return open ? (
    <ThemedPortal>
      <ModalDialog {...props} />
    </ThemedPortal>
  ) : null;
}

function ModalDialog({ title, onClose, closeLabel, children, actions }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useModalDialog(dialogRef, onClose);

  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} className="vendo-modal" tabIndex={-1}>
      <DialogHeader id={titleId} title={title} closeLabel={closeLabel} onClose={onClose} block="vendo-modal" />
      <div className="vendo-modal__body">{children}</div>
      {actions && <div className="vendo-modal__actions">{actions}</div>}
    </dialog>
  );
}
