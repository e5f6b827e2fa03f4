import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { SaveProfileInput } from './profile.types.ts';

/** The profile flow's effect on the real API: the member's details saved. */
export function profileActors({ api }: { api: Api }) {
  return {
    save: fromPromise<void, SaveProfileInput>(async ({ input, signal }) => {
      const saved = await api.members.update(input.memberId, input.body, { signal });
      if (!saved.ok) throw saved.error;
    }),
  };
}
