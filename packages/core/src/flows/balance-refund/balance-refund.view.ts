import type { SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { BalanceRefundMachine } from './balance-refund.machine.ts';
import { followed, problemsOf, refundAmountOf } from './balance-refund.rules.ts';

/** The field a refusal of the server speaks of, by its code; anything else is shown above the form. */
const fieldOfCode = {
  nothing_to_refund: 'plan',
  monthly_count: 'plan',
  monthly_amount: 'amount',
  below_minimum: 'amount',
  above_refundable: 'amount',
  clabe_needed: 'clabe',
  clabe_invalid: 'clabe',
  clabe_own_vendo: 'clabe',
  clabe_not_members: 'holder',
  clabe_name_changed: 'holder',
} as const;

type Field = (typeof fieldOfCode)[keyof typeof fieldOfCode];
export type BalanceRefundCode = keyof typeof fieldOfCode;

const codeOf = (error: ApiError | null): BalanceRefundCode | null =>
  error?.status === 422 && typeof error.error_code === 'string' && error.error_code in fieldOfCode
    ? (error.error_code as BalanceRefundCode)
    : null;

/** What "Recuperar mi saldo" shows: the plan, the form with its problems, the confirmation, the refund's state. */
export function balanceRefundView(snapshot: SnapshotFrom<BalanceRefundMachine>) {
  const { context } = snapshot;
  const { plan } = context;
  const checked = problemsOf(context);
  const shown = context.showProblems ? checked : { plan: checked.plan, amount: null, clabe: null, holder: null };
  // A refusal the server named lands under its field, as if the app had found it.
  const code = codeOf(context.error);
  const problems: Record<Field, string | null> = code ? { ...shown, [fieldOfCode[code]]: code } : shown;
  const amount = plan ? refundAmountOf(context.amountText, plan.currency) : null;
  return {
    loading: snapshot.matches('loading'),
    unavailable: snapshot.matches('unavailable'),
    failed: snapshot.matches('failed'),
    problem: context.problem,
    plan,
    /** Nothing to give back, or the month's refunds used up: the plan is shown, the form is not. */
    blocked: snapshot.matches({ planned: 'nothingToRefund' })
      ? ('nothing_to_refund' as const)
      : snapshot.matches({ planned: 'capReached' })
        ? ('monthly_count' as const)
        : null,
    amountText: context.amountText,
    clabe: context.clabe,
    holder: context.holder,
    /** A part goes by SPEI: the CLABE and its holder are asked. */
    needsClabe: plan?.needs_clabe ?? false,
    /** Where everything that can come back goes, newest first; less than everything takes the newest first. */
    parts: plan?.parts ?? [],
    total: amount ?? 0,
    problems,
    confirming: snapshot.matches('confirming') || snapshot.matches('requesting'),
    requesting: snapshot.matches('requesting'),
    /** A failure that belongs to no field: no answer, or the server's own words. */
    error: code ? null : context.error,
    refund: followed(context.refunds, context.followedId),
    following: snapshot.matches('following'),
    settled: snapshot.matches('settled'),
    lost: snapshot.matches('lost'),
  };
}

export type BalanceRefundView = ReturnType<typeof balanceRefundView>;

/**
 * A CLABE as it is typed, grouped as it is read (bank, plaza, account, check digit: 3 3 11 1), so the member
 * can check it against their bank's papers while typing.
 */
export const clabeAsTyped = (digits: string) =>
  [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 17), digits.slice(17, 18)]
    .filter((group) => group !== '')
    .join(' ');
