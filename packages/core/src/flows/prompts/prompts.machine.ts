import { assign, fromPromise, setup } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { CustomMessage } from '../../contract/index.ts';
import type { StorageKey, StoragePort } from '../../ports.ts';
import { STORAGE_LIFETIME_SECONDS } from '../../rules/constants.ts';
import { messageDismissKey, NATIVE_APP_DISMISS_KEY, type NativePlatform } from '../../rules/prompts.ts';

export interface PromptsInput {
  readonly memberId: number;
  /** The phone's platform for the native-app prompt; null on a desktop. */
  readonly platform: NativePlatform | null;
}

interface PromptsContext extends PromptsInput {
  readonly queue: CustomMessage[];
}

export type PromptsEvent =
  | { type: 'message.closed'; forever: boolean }
  | { type: 'nativeApp.closed'; forever: boolean };

/**
 * Spec §2 modals after sign-in: the operator's custom messages one after
 * another (those dismissed for good are skipped), then the native-app download
 * prompt on iOS and Android. "Do not show again" is kept for one year; without it
 * each is shown once per visit (issue 15 point 5: they came back on every return
 * to the product list and blocked taps on the products).
 */
export const promptsMachine = setup({
  types: {} as { context: PromptsContext; events: PromptsEvent; input: PromptsInput },
  actors: {
    loadMessages: fromPromise<CustomMessage[], { memberId: number }>(() =>
      Promise.reject(new Error('prompts: provide loadMessages')),
    ),
    nativeAppWanted: fromPromise<boolean>(() => Promise.reject(new Error('prompts: provide nativeAppWanted'))),
    dismiss: fromPromise<void, { key: ReturnType<typeof messageDismissKey> }>(() =>
      Promise.reject(new Error('prompts: provide dismiss')),
    ),
    /** Remembers, for this visit only, that a prompt was shown. */
    markShown: fromPromise<void, { key: ReturnType<typeof messageDismissKey> }>(() =>
      Promise.reject(new Error('prompts: provide markShown')),
    ),
  },
  guards: {
    hasMessage: ({ context }) => context.queue.length > 0,
    forever: ({ event }) => 'forever' in event && event.forever,
    onPhone: ({ context }) => context.platform !== null,
    wanted: (_, wanted: boolean) => wanted,
  },
  actions: {
    keepQueue: assign((_, queue: CustomMessage[]) => ({ queue })),
    next: assign(({ context }) => ({ queue: context.queue.slice(1) })),
  },
}).createMachine({
  id: 'prompts',
  context: ({ input }) => ({ ...input, queue: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMessages',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'choosing', actions: { type: 'keepQueue', params: ({ event }) => event.output } },
        onError: 'choosing',
      },
    },
    choosing: {
      always: [
        { guard: 'hasMessage', target: 'message' },
        { guard: 'onPhone', target: 'checkingNativeApp' },
        { target: 'done' },
      ],
    },
    message: {
      invoke: { src: 'markShown', input: ({ context }) => ({ key: messageDismissKey(context.queue[0]?.id ?? 0) }) },
      on: {
        'message.closed': [
          { guard: 'forever', target: 'forgettingMessage' },
          { target: 'choosing', actions: 'next' },
        ],
      },
    },
    forgettingMessage: {
      invoke: {
        src: 'dismiss',
        input: ({ context }) => ({ key: messageDismissKey(context.queue[0]?.id ?? 0) }),
        onDone: { target: 'choosing', actions: 'next' },
        onError: { target: 'choosing', actions: 'next' },
      },
    },
    checkingNativeApp: {
      invoke: {
        src: 'nativeAppWanted',
        onDone: [
          { guard: { type: 'wanted', params: ({ event }) => event.output }, target: 'nativeApp' },
          { target: 'done' },
        ],
        onError: 'done',
      },
    },
    nativeApp: {
      invoke: { src: 'markShown', input: () => ({ key: NATIVE_APP_DISMISS_KEY }) },
      on: {
        'nativeApp.closed': [{ guard: 'forever', target: 'forgettingNativeApp' }, { target: 'done' }],
      },
    },
    forgettingNativeApp: {
      invoke: { src: 'dismiss', input: () => ({ key: NATIVE_APP_DISMISS_KEY }), onDone: 'done', onError: 'done' },
    },
    done: { type: 'final' },
  },
});

export type PromptsMachine = typeof promptsMachine;

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
    dismiss: fromPromise<void, { key: ReturnType<typeof messageDismissKey> }>(async ({ input }) => {
      storage.write(input.key, '1', { maxAgeSeconds: STORAGE_LIFETIME_SECONDS });
    }),
  };
}
