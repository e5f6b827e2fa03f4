import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { AutoTopUpSettings } from '../../contract/index.ts';
import type { SaveAutoTopUpInput } from './auto-top-up.types.ts';

/** The automatic top-up settings saved on the real API; tests provide a fake instead. */
export function autoTopUpActors({ api }: { api: Api }) {
  return {
    save: fromPromise<AutoTopUpSettings, SaveAutoTopUpInput>(async ({ input, signal }) => {
      const saved = await api.topUps.updateAuto(input.memberId, { settings: input.settings }, { signal });
      if (!saved.ok) throw saved.error;
      return saved.value.settings;
    }),
  };
}
