import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { CardDetails, CardToken, CardTokeniserPort } from '../../ports.ts';
import type { CardHolderProfile, SaveCardInput } from './add-card.types.ts';

/** The add-card flow's effects: the provider's tokeniser, then Vendo's API with the token only. */
export function addCardActors({ api, tokeniser }: { api: Api; tokeniser: CardTokeniserPort }) {
  return {
    loadProfile: fromPromise<CardHolderProfile, { memberId: number }>(async ({ input, signal }) => {
      const answer = await api.members.get(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.community_member;
    }),
    tokenise: fromPromise<CardToken, CardDetails>(({ input, signal }) => tokeniser.tokenise(input, signal)),
    saveCard: fromPromise<void, SaveCardInput>(async ({ input, signal }) => {
      const saved = await api.cards.add(
        input.memberId,
        {
          token: input.token.token,
          device_session_id: input.token.deviceSessionId,
          holder_name: input.holderName,
          brand_name: input.token.brand,
        },
        { signal },
      );
      if (!saved.ok) throw saved.error;
    }),
  };
}
