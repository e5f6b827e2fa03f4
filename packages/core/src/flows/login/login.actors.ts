import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { CountryCode, CreditCard, SignedInMember } from '../../contract/index.ts';
import type { CodeCheck, Phone } from './login.types.ts';

/** The login flow's effects on the real API; tests provide fakes instead. */
export function loginActors({ api, apiFor }: { api: Api; apiFor: (token: string) => Api }) {
  return {
    requestCode: fromPromise<string | null, Phone>(async ({ input, signal }) => {
      const sent = await api.members.requestCode(
        { phone: input.phone, countries: input.country as CountryCode },
        { signal },
      );
      if (!sent.ok) throw sent.error;
      return sent.value?.challenge ?? null;
    }),
    confirmCode: fromPromise<SignedInMember, CodeCheck>(async ({ input, signal }) => {
      const { phone, country, code, challenge } = input;
      const confirmed = await api.members.confirmCode(
        { phone, countries: country as CountryCode, verify_code: code, ...(challenge ? { challenge } : {}) },
        { signal },
      );
      if (!confirmed.ok) throw confirmed.error;
      return confirmed.value.community_member;
    }),
    loadCards: fromPromise<CreditCard[], { memberId: number; token: string }>(async ({ input, signal }) => {
      // The new token is not stored yet when this runs: call with it explicitly.
      const cards = await apiFor(input.token).cards.list(input.memberId, { signal });
      if (!cards.ok) throw cards.error;
      return cards.value.credit_cards;
    }),
  };
}
