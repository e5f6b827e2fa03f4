import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InvoiceFailure, TaxProfileProblemCode } from '@vendo/core';

/** Issue 37 point 3: each problem of the tax profile, as core's taxProfileProblems codes it, under its field. */
export const taxProfileMessages: Record<TaxProfileProblemCode, MessageDescriptor> = {
  rfc_format: msg`Check your RFC: 13 characters for a person, 12 for a company, as on your tax certificate.`,
  rfc_check_digit: msg`This RFC's last character does not match the rest. Copy it from your tax certificate.`,
  rfc_generic: msg`A generic RFC cannot go on an invoice in your name. Type your own RFC.`,
  name_required: msg`Type your name or company name.`,
  name_too_long: msg`The name can have at most 254 characters.`,
  postal_code_format: msg`Type the 5 digits of the postal code of your tax address.`,
  regime_not_for_person: msg`Choose a tax regime that fits your RFC.`,
  use_not_for_regime: msg`Choose a CFDI use your tax regime allows.`,
};

/** Issue 37 point 3: why the invoicing service (a PAC, relaying SAT) did not issue the invoice. */
export const invoiceFailureMessages: Record<InvoiceFailure, MessageDescriptor> = {
  rfc_not_registered: msg`SAT has no taxpayer registered with that RFC. Check it against your tax certificate.`,
  name_mismatch: msg`The name does not match the one SAT has registered for that RFC. Write it exactly as it appears on your tax certificate.`,
  postal_code_mismatch: msg`The postal code does not match the one SAT has registered for that RFC.`,
  regime_mismatch: msg`That tax regime is not one SAT has registered for that RFC.`,
  use_not_allowed: msg`That CFDI use is not allowed for your tax regime.`,
  pac_unavailable: msg`The invoicing service is not answering; try again.`,
};
