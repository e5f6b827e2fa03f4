import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { Deal } from '../../contract/index.ts';
import type { CreateDealInput } from './buy.types.ts';

/** The buy flow's effect on the real API; tests provide a fake instead. */
export function buyActors({ api }: { api: Api }) {
  return {
    createDeal: fromPromise<Deal, CreateDealInput>(async ({ input, signal }) => {
      const created = await api.deals.create(input.machineId, input.body, {
        idempotencyKey: input.idempotencyKey,
        signal,
      });
      if (!created.ok) throw created.error;
      return created.value.deal;
    }),
  };
}
