import { assign, type DoneActorEvent, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isTransient } from '../../api/error-checks.ts';
import type { PendingCardLink } from '../../contract/index.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_USER_TYPE_TIMEOUT_SECONDS,
  POLL_INTERVAL_MS,
} from '../../rules/machine-wait.ts';
import { type CardLinkScreen, cardLinkError, cardLinkScreenFor } from '../../rules/rfid.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import { refreshMember } from '../member-refresh.ts';
import { pollingStates, readingOf } from '../polling.ts';
import type {
  CardLinkContext,
  CardLinkEvent,
  CardLinkInput,
  CreateLinkInput,
  FetchLinkInput,
} from './card-link.types.ts';

/** One step of the authenticate and tap-card countdowns: a second of the clock, not a reading. */
const COUNTDOWN_STEP_MS = 1_000;

/** The link as the server just answered it (made or read). */
const answered = readingOf<PendingCardLink>;

const destinations = [
  'linking',
  'authenticate',
  'tapCard',
  'linked',
  'error',
] as const satisfies readonly CardLinkScreen[];
const route = destinations.map((screen) => ({
  guard: {
    type: 'leadsTo' as const,
    params: (args: { event: DoneActorEvent<PendingCardLink> }) => ({ screen, link: answered(args) }),
  },
  target: `#cardLink.${screen}`,
  actions: { type: 'keepReading' as const, params: answered },
}));

/** A polling screen: reads the link every second until its status changes. */
const polling = () =>
  pollingStates({
    src: 'fetchLink',
    input: ({ context }: { context: CardLinkContext }) => ({
      memberId: context.memberId,
      // Every polling screen is entered by a reading, which keeps the link.
      linkId: known(context.link, 'the card link').id,
    }),
    keep: 'keepLink',
    route,
    onTransient: undefined,
    onFailed: { target: '#cardLink.error', actions: { type: 'keepApiError', params: failure } },
  } as const);

/**
 * A polling screen with a countdown (spec §9): the countdown follows the clock, a second at a time
 * whatever the readings take, and reaching 0 ends the step at once (issue 15 point 13).
 */
const countingDown = () =>
  ({
    type: 'parallel',
    states: {
      poll: polling(),
      countdown: {
        initial: 'running',
        states: {
          running: {
            after: {
              countdownStep: [
                { guard: 'lastSecond', target: '#cardLink.error', actions: ['tick', 'ranOut'] },
                { target: 'running', reenter: true, actions: 'tick' },
              ],
            },
          },
        },
      },
    },
    on: { 'link.back': '#cardLink.cancelling' },
  }) as const;

/**
 * Spec §4 pending card link: create the link, then follow its status every
 * second: in_progress (linking; the machine's connect timeout ends it), waiting
 * (authenticate with the user code), authenticated (tap the card), linked.
 * failed, expired, error or any other text stop polling on the error. Back
 * cancels the pending link and returns to the start.
 */
export const cardLinkMachine = setup({
  types: {} as { context: CardLinkContext; events: CardLinkEvent; input: CardLinkInput },
  actors: {
    createLink: fromPromise<PendingCardLink, CreateLinkInput>(() =>
      Promise.reject(new Error('card link: provide createLink')),
    ),
    fetchLink: fromPromise<PendingCardLink, FetchLinkInput>(() =>
      Promise.reject(new Error('card link: provide fetchLink')),
    ),
    cancelLink: fromPromise<void, { memberId: number }>(() =>
      Promise.reject(new Error('card link: provide cancelLink')),
    ),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    countdownStep: COUNTDOWN_STEP_MS,
    connectTimeout: ({ context }) => context.machine.connect_to_machine_timeout ?? DEFAULT_CONNECT_TIMEOUT_MS,
  },
  guards: {
    leadsTo: (_, { screen, link }: { screen: CardLinkScreen; link: PendingCardLink }) =>
      cardLinkScreenFor(link.status) === screen,
    sameStatus: ({ context }, link: PendingCardLink) => link.status === context.link?.status,
    transient: (_, error: ApiError) => isTransient(error),
    lastSecond: ({ context }) => context.secondsLeft <= COUNTDOWN_STEP_MS / 1000,
  },
  actions: {
    refreshMember,
    keepLink: assign((_, link: PendingCardLink) => ({ link })),
    keepReading: assign(({ context }, link: PendingCardLink) => {
      const status = link.status;
      const screen = cardLinkScreenFor(status);
      const seconds =
        screen === 'authenticate'
          ? (context.machine.user_type_timeout ?? DEFAULT_USER_TYPE_TIMEOUT_SECONDS)
          : screen === 'tapCard'
            ? (context.machine.bring_near_rfid_timeout ?? DEFAULT_USER_TYPE_TIMEOUT_SECONDS)
            : context.secondsLeft;
      return { link, secondsLeft: seconds, error: screen === 'error' ? cardLinkError({ status }) : null };
    }),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - COUNTDOWN_STEP_MS / 1000) })),
    // The member's time is up: the same screen as the machine's own "expired".
    ranOut: assign({ error: cardLinkError({ status: 'expired' }) }),
    keepApiError: assign((_, error: ApiError) => ({ error: cardLinkError({ error }) })),
    timedOut: assign({ error: cardLinkError({ timeout: true }) }),
    forget: assign({ link: null, error: null, secondsLeft: 0 }),
  },
}).createMachine({
  id: 'cardLink',
  context: ({ input }) => ({ ...input, link: null, secondsLeft: 0, error: null }),
  initial: 'start',
  states: {
    start: { on: { 'link.started': 'connecting' } },
    connecting: {
      invoke: {
        src: 'createLink',
        input: ({ context }) => ({ memberId: context.memberId, machineId: context.machine.id }),
        onDone: route,
        onError: { target: 'error', actions: { type: 'keepApiError', params: failure } },
      },
    },
    linking: {
      ...polling(),
      on: { 'link.back': '#cardLink.cancelling' },
      after: { connectTimeout: { target: 'error', actions: 'timedOut' } },
    },
    authenticate: countingDown(),
    tapCard: countingDown(),
    // The member's cards changed: the session reads them again.
    linked: { type: 'final', entry: 'refreshMember' },
    error: { on: { 'link.back': 'cancelling' } },
    cancelling: {
      invoke: {
        src: 'cancelLink',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'start', actions: 'forget' },
        onError: { target: 'start', actions: 'forget' },
      },
    },
  },
});

export type CardLinkMachine = typeof cardLinkMachine;

/** The screens the flow's top states show; `start` and `cancelling` (on its way back there) show the start. */
const screens = ['connecting', ...destinations] as const satisfies readonly CardLinkScreen[];

/** Which screen the flow shows now. */
export function cardLinkScreen(snapshot: SnapshotFrom<CardLinkMachine>): CardLinkScreen {
  return screens.find((screen) => snapshot.matches(screen)) ?? 'start';
}
