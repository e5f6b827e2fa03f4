import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { Deal } from '../../contract/index.ts';
import { buyActors } from '../buy/buy.actors.ts';
import type { FetchDealInput } from './deal.types.ts';

/** The deal flow's effects on the real API: read the deal, and make it again on a retry. */
export function dealActors({ api }: { api: Api }) {
  return {
    fetchDeal: fromPromise<Deal, FetchDealInput>(async ({ input, signal }) => {
      const answer = await api.deals.get(input.machineId, input.dealId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.deal;
    }),
    createDeal: buyActors({ api }).createDeal,
  };
}
