import { assign, fromPromise, setup } from 'xstate';
import { RATING_WAIT_MS } from '../../rules/rating.ts';
import type { RatingContext, RatingEvent } from './rating.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`rating: provide the ${name} actor`));

/**
 * The in-app rating modal after a delivered deal (spec §3 displayRatingModal,
 * §7 ratings). It first leaves the member the download screen for a while; `decide` applies the configuration and Vendo's 30-day rule;
 * a failed rating or configuration call just closes the modal.
 */
export const ratingMachine = setup({
  types: {} as { context: RatingContext; events: RatingEvent },
  actors: {
    decide: fromPromise<boolean>(notProvided('decide')),
    remember: fromPromise<void>(notProvided('remember')),
    sendRating: fromPromise<void, { stars: number }>(notProvided('sendRating')),
    stopAsking: fromPromise<void>(notProvided('stopAsking')),
  },
  guards: {
    mayAsk: (_, wanted: boolean) => wanted,
  },
  delays: { screenSeen: RATING_WAIT_MS },
  actions: {
    keepStars: assign(({ event }) => (event.type === 'rating.sent' ? { stars: event.stars } : {})),
  },
}).createMachine({
  id: 'rating',
  context: { stars: null },
  initial: 'waiting',
  states: {
    waiting: {
      after: { screenSeen: 'deciding' },
    },
    deciding: {
      invoke: {
        src: 'decide',
        onDone: [
          { guard: { type: 'mayAsk', params: ({ event }) => event.output }, target: 'asking' },
          { target: 'hidden' },
        ],
        onError: 'hidden',
      },
    },
    asking: {
      invoke: { src: 'remember' },
      on: {
        'rating.sent': { target: 'sending', actions: 'keepStars' },
        'rating.dismissed': 'hidden',
        'rating.never': 'stopping',
      },
    },
    sending: {
      invoke: {
        src: 'sendRating',
        input: ({ context }) => ({ stars: context.stars ?? 5 }),
        onDone: 'thanked',
        onError: 'hidden',
      },
    },
    stopping: {
      invoke: { src: 'stopAsking', onDone: 'hidden', onError: 'hidden' },
    },
    thanked: {
      on: { 'rating.dismissed': 'hidden' },
    },
    hidden: { type: 'final' },
  },
});

export type RatingMachine = typeof ratingMachine;
