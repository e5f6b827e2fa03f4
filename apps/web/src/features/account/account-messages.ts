import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DealOutcome, Gender, ProfileProblem, TopUpMode, TopUpStatus } from '@vendo/core';

/** Spec §3 genders: translated labels, the stored values stay Hombre, Mujer, Otro. */
export const genderLabels: Record<Gender, MessageDescriptor> = {
  Hombre: msg`Man`,
  Mujer: msg`Woman`,
  // A context of its own: the product category "Other" reads "Varios" (issue 15 point 7).
  Otro: msg({ message: 'Other', context: 'gender' }),
};

/** Spec §5 profile messages, each on its field. */
export const profileMessages: Record<ProfileProblem, MessageDescriptor> = {
  name_missing: msg`Type your name.`,
  birth_date_missing: msg`Type your birth date.`,
  birth_date_format: msg`Type the date as DD/MM/YYYY.`,
  birth_date_invalid: msg`That date does not exist.`,
  birth_date_future: msg`Your birth date cannot be in the future.`,
  gender_missing: msg`Choose an option.`,
  email_missing: msg`Type your email.`,
  email_not_saved: msg`Save your email first: the verification goes to the saved one.`,
  email_invalid: msg`Check your email: it needs a name, an @ and a domain.`,
  email_in_use: msg`This email is already in use. Try another email.`,
  employee_number_length: msg`The number must have 8 to 10 digits`,
};

export const outcomeLabels: Record<DealOutcome, MessageDescriptor> = {
  delivered: msg`Delivered`,
  inProgress: msg`In progress`,
  failed: msg`Not delivered`,
  unknown: msg`Unknown`,
};

/** Issue 35 point 5: how a top-up in the statement was made. */
export const modeLabels: Record<TopUpMode, MessageDescriptor> = {
  card: msg`Top-up with a saved card`,
  checkout: msg`Top-up on the payment page`,
  reference: msg`Top-up with a store reference`,
  direct_payment: msg`Top-up to pay a purchase`,
  automatic: msg`Automatic top-up`,
  spei: msg`SPEI transfer`,
};

/** Issue 35 point 5: how a top-up ended: the money is in the balance, on its way, or never came. */
export const topUpOutcomeLabels: Record<TopUpStatus, MessageDescriptor> = {
  paid: msg`Credited`,
  pending: msg`Waiting for payment`,
  failed: msg`Declined`,
};
