import type { FormEvent } from 'react';

/**
 * Hands a form's submission to its flow; when the flow refuses it, focus moves to the first field in
 * error (issue 15 point 20), so a screen reader and a phone's keyboard land where the fix is. The look
 * waits a task: React paints the flow's answer (each field's aria-invalid) at the end of the event.
 */
export function submitForm(event: FormEvent<HTMLFormElement>, send: () => void): void {
  event.preventDefault();
  const form = event.currentTarget;
  send();
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
}
