import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here.
afterEach(() => {
  cleanup();
});

// jsdom (31) has <dialog> and its `open` attribute but neither showModal() nor close(). Here is what the
// components rely on, as browsers do it: showModal sets `open` and stacks the dialog above any other
// modal one; Escape fires a cancelable `cancel` on the topmost, which closes it unless prevented; close
// clears `open` and fires `close` in a later task. (Inertness of the page behind is the journeys' to check.)
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this), 1);
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
  document.addEventListener('keydown', (event) => {
    const topmost = modals.filter((dialog) => dialog.isConnected).at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !topmost) return;
    if (topmost.dispatchEvent(new Event('cancel', { cancelable: true }))) topmost.close();
  });
}
