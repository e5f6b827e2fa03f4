import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Focusable elements in DOM order; layout is not consulted so it works the same in jsdom. */
function focusablesIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/**
 * Shows a native `<dialog>` as a modal (`showModal`) for as long as it is mounted, so the browser puts
 * it in the top layer and makes the rest of the page inert, for screen readers as well as pointers and
 * keys; a dialog opened from inside another one goes above it and takes over. Focus goes to the first
 * `[data-autofocus]` element, else the first focusable one, else the dialog; Tab and Shift+Tab wrap at
 * the ends instead of leaving for the browser's own controls; Escape (or a phone's back gesture)
 * arrives as the dialog's `cancel`, which is prevented and handed to `onCancel`: the caller decides.
 * The dialog is closed (`close`) before it leaves the page, and the focus goes back to its opener.
 */
export function useModalDialog(dialogRef: RefObject<HTMLDialogElement | null>, onCancel: () => void) {
  // The latest callback without re-running the effect (and re-stealing focus) on every render.
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  });
  // Read while rendering, before the dialog (or a control in it) has taken the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  // A layout effect: the dialog is open, and every other element inert, before the browser paints.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(dialog)[0] ?? dialog).focus();

    function onCancelEvent(event: Event) {
      event.preventDefault();
      onCancelRef.current();
    }
    // A browser may close the dialog without asking (a second Escape with no tap in between is not
    // cancelable): while the caller still shows it, it stays a modal.
    function onCloseEvent() {
      if (dialog?.isConnected && !dialog.open) dialog.showModal();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab' || !dialog) return;
      const focusables = focusablesIn(dialog);
      const first = focusables[0];
      const last = focusables.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const current = document.activeElement;
      if (event.shiftKey && (current === first || current === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    }

    dialog.addEventListener('cancel', onCancelEvent);
    dialog.addEventListener('close', onCloseEvent);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent);
      dialog.removeEventListener('close', onCloseEvent);
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [dialogRef, opener]);
}
