import type { FormEvent } from 'react';

/**
 * Hands a form's submission to its flow; when the flow refuses it, focus moves to the first field in
 * error (issue 15 point 20), so a screen reader and a phone's keyboard land where the fix is. The look
 * waits a task: React paints the flow's answer (each field's aria-invalid) at the end of the event.
 */
export function submitForm(event: FormEvent<HTMLFormElement>, send: () => void): void {
  event.preventDefault();
  sendForm(event.currentTarget, send);
}

/** The same for a form whose sending waited (the sign-in form sent before its flow's code had arrived). */
export function sendForm(form: HTMLFormElement, send: () => void): void {
  send();
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
}
