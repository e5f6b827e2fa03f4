import { type ReactNode, useId, useRef } from 'react';
import { useFocusTrap } from '../hooks/use-focus-trap.ts';
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

/** A modal dialog in a portal on document.body: focus goes in, stays in, and comes back. */
export function Modal({ open, ...props }: ModalProps) {
  // The trap lives in an inner component so its effect starts when the dialog mounts.
  return open ? (
    <ThemedPortal>
      <ModalDialog {...props} />
    </ThemedPortal>
  ) : null;
}

function ModalDialog({ title, onClose, closeLabel, children, actions }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true, onClose);

  return (
    <div className="vendo-overlay vendo-overlay--modal">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="vendo-modal"
        tabIndex={-1}
      >
        <DialogHeader id={titleId} title={title} closeLabel={closeLabel} onClose={onClose} block="vendo-modal" />
        <div className="vendo-modal__body">{children}</div>
        {actions && <div className="vendo-modal__actions">{actions}</div>}
      </div>
    </div>
  );
}
