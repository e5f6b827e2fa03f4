import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { BalanceRefund } from '../../contract/index.ts';
import type { BalanceRefundReading, PlanInput, RequestInput } from './balance-refund.types.ts';

/** The balance refund's reads and its request on the real API; tests provide fakes instead. */
export function balanceRefundActors({ api }: { api: Api }) {
  const readRefunds = async ({ memberId, currency }: PlanInput, signal: AbortSignal) => {
    const answer = await api.balanceRefunds.list(memberId, { signal });
    if (!answer.ok) throw answer.error;
    // Balances are per currency: this screen speaks of one pocket.
    return answer.value.balance_refunds.filter((refund) => refund.currency === currency);
  };
  return {
    loadPlan: fromPromise<BalanceRefundReading, PlanInput>(async ({ input, signal }) => {
      // The plan first: its 404 says the provider has no balance refunds, and the list is not asked for.
      const answer = await api.balanceRefunds.plan(input.memberId, { currency: input.currency }, { signal });
      if (!answer.ok) throw answer.error;
      return { plan: answer.value.plan, refunds: await readRefunds(input, signal) };
    }),
    readRefunds: fromPromise<readonly BalanceRefund[], PlanInput>(({ input, signal }) => readRefunds(input, signal)),
    requestRefund: fromPromise<BalanceRefund, RequestInput>(async ({ input, signal }) => {
      const { request } = input;
      const spei = request.clabe === null ? {} : { clabe: request.clabe, holder_name: request.holderName ?? '' };
      const answer = await api.balanceRefunds.create(
        input.memberId,
        { currency: input.currency, amount: request.amount, ...spei },
        { idempotencyKey: input.idempotencyKey, signal },
      );
      if (!answer.ok) throw answer.error;
      return answer.value.balance_refund;
    }),
  };
}
