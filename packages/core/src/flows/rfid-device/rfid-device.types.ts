import type { RfidDeviceField, RfidDeviceForm } from '../../rules/rfid.ts';

export interface RfidDeviceContext {
  readonly form: RfidDeviceForm;
  readonly showProblems: boolean;
  /** Step 2 after a refusal: the API's words, or null when none came (then a generic message). */
  readonly failure: { readonly message: string | null } | null;
}

export type RfidDeviceEvent =
  | { type: 'field.changed'; field: RfidDeviceField; value: string }
  | { type: 'key.blurred' }
  | { type: 'device.submitted' }
  /** Back to the form: another device after one was added, or another try after a refusal. */
  | { type: 'form.reopened' };
