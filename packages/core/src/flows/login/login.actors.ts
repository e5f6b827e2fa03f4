import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import { CountryCode, type CreditCard, type SignedInMember } from '../../contract/index.ts';
import type { CodeCheck, Phone } from './login.types.ts';

/** The form's country as the contract names it: the flow sends no form whose country signInProblems refused. */
function countryCode(country: string): CountryCode {
  const read = CountryCode.safeParse(country);
  if (!read.success) throw new Error(`login: ${country} is not a country code`);
  return read.data;
}

/** The login flow's effects on the real API; tests provide fakes instead. */
export function loginActors({ api, apiFor }: { api: Api; apiFor: (token: string) => Api }) {
  return {
    requestCode: fromPromise<string | null, Phone>(async ({ input, signal }) => {
      const sent = await api.members.requestCode(
        { phone: input.phone, countries: countryCode(input.country) },
        { signal },
      );
      if (!sent.ok) throw sent.error;
      return sent.value?.challenge ?? null;
    }),
    confirmCode: fromPromise<SignedInMember, CodeCheck>(async ({ input, signal }) => {
      const { phone, country, code, challenge } = input;
      const confirmed = await api.members.confirmCode(
        { phone, countries: countryCode(country), verify_code: code, ...(challenge ? { challenge } : {}) },
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
