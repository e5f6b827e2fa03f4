import { assign, fromPromise, setup } from 'xstate';
import type { CustomMessage } from '../../contract/index.ts';
import { messageDismissKey, NATIVE_APP_DISMISS_KEY } from '../../rules/prompts.ts';
import { known } from '../known.ts';
import type { PromptKeyInput, PromptsContext, PromptsEvent, PromptsInput } from './prompts.types.ts';

/** The message on screen: the first of the queue, which hasMessage saw before showing it. */
const shown = (context: PromptsContext) => known(context.queue[0], 'the message shown');

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
    dismiss: fromPromise<void, PromptKeyInput>(() => Promise.reject(new Error('prompts: provide dismiss'))),
    /** Remembers, for this visit only, that a prompt was shown. */
    markShown: fromPromise<void, PromptKeyInput>(() => Promise.reject(new Error('prompts: provide markShown'))),
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
      invoke: { src: 'markShown', input: ({ context }) => ({ key: messageDismissKey(shown(context).id) }) },
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
        input: ({ context }) => ({ key: messageDismissKey(shown(context).id) }),
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
        'native-app.closed': [{ guard: 'forever', target: 'forgettingNativeApp' }, { target: 'done' }],
      },
    },
    forgettingNativeApp: {
      invoke: { src: 'dismiss', input: () => ({ key: NATIVE_APP_DISMISS_KEY }), onDone: 'done', onError: 'done' },
    },
    done: { type: 'final' },
  },
});

export type PromptsMachine = typeof promptsMachine;
