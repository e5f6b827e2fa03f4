import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BalanceRefundFieldProblem, BalanceRefundRefusal, BalanceRefundStatus } from '@vendo/core';

/**
 * Issue 37 point 4: what is wrong with the refund asked, by the rules' codes. {minimum}, {refundable} and
 * {amountLeft} are the plan's numbers.
 */
export const refundProblemMessages: Record<BalanceRefundFieldProblem, MessageDescriptor> = {
  amount_invalid: msg`Type an amount, such as 150.00.`,
  below_minimum: msg`At least {minimum}.`,
  above_refundable: msg`At most {refundable}: that is all your own money.`,
  monthly_amount: msg`This month you can still get back up to {amountLeft}.`,
  monthly_count: msg`You have used this month's refunds. You can ask again next month.`,
  nothing_to_refund: msg`You have no money of your own to give back.`,
  clabe_needed: msg`Type the 18 digits of your CLABE.`,
  clabe_invalid: msg`This CLABE is not valid: check its digits.`,
  clabe_own_vendo: msg`This is a Vendo CLABE: give the CLABE of an account at your own bank.`,
  holder_needed: msg`Type the account holder's name.`,
  clabe_not_members: msg`The account must be in your own name, as in your profile.`,
  clabe_name_changed: msg`Your name changed in the last 7 days: money can go by SPEI to an account in it once a week has passed.`,
};

/** A refund's state and each part's, as the member reads them. */
export const refundStatusMessages: Record<BalanceRefundStatus, MessageDescriptor> = {
  requested: msg({ message: 'Requested', context: 'balance refund' }),
  sent: msg({ message: 'Sent', context: 'balance refund' }),
  done: msg({ message: 'Completed', context: 'balance refund' }),
  refused: msg({ message: 'Refused', context: 'balance refund' }),
};

/** Why a refund was refused: its money is back in the balance. */
export const refundRefusalMessages: Record<BalanceRefundRefusal, MessageDescriptor> = {
  card_refund_declined: msg`The card's bank declined the refund.`,
  clabe_rejected: msg`The bank rejected the CLABE.`,
  refund_window_passed: msg`The card can no longer take refunds of that payment.`,
  provider_refused: msg`The payment provider refused it.`,
};
