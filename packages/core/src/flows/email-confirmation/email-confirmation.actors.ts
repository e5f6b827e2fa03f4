import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';

/** The confirmation's effect on the real API. */
export function emailConfirmationActors({ api }: { api: Api }) {
  return {
    confirm: fromPromise<void, { token: string }>(async ({ input, signal }) => {
      const answer = await api.members.confirmEmail({ token: input.token }, { signal });
      if (!answer.ok) throw answer.error;
    }),
  };
}
