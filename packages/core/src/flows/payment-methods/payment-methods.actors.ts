import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { CreditCard } from '../../contract/index.ts';
import type { DeleteCardInput } from './payment-methods.types.ts';

/** The member's saved cards on the real API: the list, and a delete. */
export function paymentMethodsActors({ api }: { api: Api }) {
  return {
    loadCards: fromPromise<CreditCard[], { memberId: number }>(async ({ input, signal }) => {
      const answer = await api.cards.list(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.credit_cards;
    }),
    deleteCard: fromPromise<void, DeleteCardInput>(async ({ input, signal }) => {
      const answer = await api.cards.remove(input.memberId, input.cardId, { signal });
      if (!answer.ok) throw answer.error;
    }),
  };
}
