import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { CustomMessage } from '../../contract/index.ts';
import type { StorageKey, StoragePort } from '../../ports.ts';
import { messageDismissKey, NATIVE_APP_DISMISS_KEY } from '../../rules/prompts.ts';
import { STORAGE_LIFETIME_SECONDS } from '../../rules/storage.ts';
import type { PromptKeyInput } from './prompts.types.ts';

/**
 * `storage` keeps "do not show again" for a year; `visit` keeps "already shown" for as long as the
 * browser tab lives (the web app gives it sessionStorage).
 */
export function promptsActors({
  api,
  storage,
  visit,
}: {
  api: Pick<Api, 'messages'>;
  storage: StoragePort;
  visit: StoragePort;
}) {
  const settled = (key: StorageKey) => storage.read(key) !== null || visit.read(key) !== null;
  return {
    loadMessages: fromPromise<CustomMessage[], { memberId: number }>(async ({ input, signal }) => {
      const answer = await api.messages.list(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.community_member_messages.filter((message) => !settled(messageDismissKey(message.id)));
    }),
    nativeAppWanted: fromPromise<boolean>(async () => !settled(NATIVE_APP_DISMISS_KEY)),
    markShown: fromPromise<void, { key: StorageKey }>(async ({ input }) => {
      visit.write(input.key, '1', { maxAgeSeconds: STORAGE_LIFETIME_SECONDS });
    }),
    dismiss: fromPromise<void, PromptKeyInput>(async ({ input }) => {
      storage.write(input.key, '1', { maxAgeSeconds: STORAGE_LIFETIME_SECONDS });
    }),
  };
}
