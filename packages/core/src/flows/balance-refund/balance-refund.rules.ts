import type { BalanceRefund, BalanceRefundRefusalCode } from '../../contract/index.ts';
import { clabeProblem, currencyDigits } from '../../contract/index.ts';
import type { BalanceRefundContext, BalanceRefundRequest } from './balance-refund.types.ts';

/** A problem of the form: the rules' own codes, and two of the fields' (no amount typed, no holder typed). */
export type BalanceRefundFieldProblem = BalanceRefundRefusalCode | 'amount_invalid' | 'holder_needed';

type Checked = Pick<BalanceRefundContext, 'plan' | 'amountText' | 'clabe' | 'holder' | 'memberName'>;

/** The whole refundable amount as the field shows it at first: a refund gives everything back unless told less. */
export const amountTextOf = (plan: { refundable: number; currency: string }) =>
  plan.refundable.toFixed(currencyDigits(plan.currency));

/** The amount typed, in the currency's units, or null when it is no amount (letters, too many decimals). */
export function refundAmountOf(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const pattern = digits > 0 ? new RegExp(`^\\d+([.,]\\d{1,${digits}})?$`) : /^\d+$/;
  const trimmed = text.replace(/[$\s]/g, '');
  return pattern.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}

/**
 * What stops any refund now, read from the plan the provider answered (its numbers, not this app's): nothing
 * of the member's own to give back, or the month's refunds used up.
 */
export function planProblem(plan: Checked['plan']): BalanceRefundFieldProblem | null {
  if (!plan) return null;
  if (plan.refundable <= 0) return 'nothing_to_refund';
  return plan.month.refunds_left <= 0 ? 'monthly_count' : null;
}

/** The amount against the plan's minimum, what there is, and what is left of the month's amount. */
function amountProblem(plan: NonNullable<Checked['plan']>, amount: number | null): BalanceRefundFieldProblem | null {
  if (amount === null || amount <= 0) return 'amount_invalid';
  if (amount < plan.minimum) return 'below_minimum';
  if (amount > plan.refundable) return 'above_refundable';
  return amount > plan.month.amount_left ? 'monthly_amount' : null;
}

/**
 * Issue 37 point 4: what is wrong before anything is sent, by field, with the rules' codes: the amount, and
 * where a part goes by SPEI the CLABE (check digit, never a Vendo CLABE) and its holder (the member themself).
 */
export function problemsOf(context: Checked) {
  const { plan } = context;
  if (!plan) return { plan: null, amount: null, clabe: null, holder: null };
  const amount = refundAmountOf(context.amountText, plan.currency);
  const spei = plan.needs_clabe;
  const clabe = spei
    ? clabeProblem({ clabe: context.clabe, holderName: context.holder, memberName: context.memberName })
    : null;
  return {
    plan: planProblem(plan),
    amount: amountProblem(plan, amount),
    clabe: !spei ? null : context.clabe === '' ? 'clabe_needed' : clabe === 'clabe_not_members' ? null : clabe,
    holder: !spei
      ? null
      : context.holder.trim() === ''
        ? 'holder_needed'
        : clabe === 'clabe_not_members'
          ? clabe
          : null,
  } satisfies Record<string, BalanceRefundFieldProblem | null>;
}

/** The refund the member is about to confirm, or null while something is wrong. */
export function requestOf(context: BalanceRefundContext): BalanceRefundRequest | null {
  const { plan } = context;
  const problems = problemsOf(context);
  if (!plan || problems.plan || problems.amount || problems.clabe || problems.holder) return null;
  const amount = refundAmountOf(context.amountText, plan.currency) ?? 0;
  return plan.needs_clabe
    ? { amount, clabe: context.clabe, holderName: context.holder.trim() }
    : { amount, clabe: null, holderName: null };
}

/** Done or refused: nothing more will happen to it. */
export const isSettled = (status: BalanceRefund['status'] | undefined) => status === 'done' || status === 'refused';

/** The newest refund still on its way (requested or sent), if any. */
export const onItsWay = (refunds: readonly BalanceRefund[]) =>
  refunds.find((refund) => refund.status === 'requested' || refund.status === 'sent') ?? null;

export const followed = (refunds: readonly BalanceRefund[], id: number | null) =>
  refunds.find((refund) => refund.id === id) ?? null;
