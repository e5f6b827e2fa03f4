import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { SpeiAccount } from '../../contract/index.ts';
import type { SpeiAccountInput } from './spei-account.machine.ts';

/** The CLABE's read and ask on the real API. */
export function speiAccountActors({ api }: { api: Api }) {
  return {
    readAccount: fromPromise<SpeiAccount | null, SpeiAccountInput>(async ({ input, signal }) => {
      const answer = await api.spei.account(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.spei_account;
    }),
    openAccount: fromPromise<SpeiAccount, SpeiAccountInput>(async ({ input, signal }) => {
      const answer = await api.spei.createAccount(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.spei_account;
    }),
  };
}
