import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { AccountCredentials } from '../../rules/card-account.ts';
import type { AccountHolder } from './card-account.types.ts';

/** Reads each account with its own token; the browser's stored session is read, never written. */
export function cardAccountActors({ apiFor }: { apiFor: (token: string) => Api }) {
  return {
    loadHolder: fromPromise<AccountHolder, AccountCredentials>(async ({ input, signal }) => {
      const answer = await apiFor(input.token).members.get(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      const { name, phone } = answer.value.community_member;
      return { name: name ?? null, phone };
    }),
  };
}
