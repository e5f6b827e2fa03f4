import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isStillWorking, isTransient } from '../../api/error-checks.ts';
import { type Deal, deliveryStatus } from '../../contract/index.ts';
import { errorScreen, needsCampaign } from '../../rules/error-screen.ts';
import { POLL_INTERVAL_MS } from '../../rules/machine-wait.ts';
import { failure } from '../actor-failure.ts';
import { dealBody } from '../buy/buy.rules.ts';
import type { CreateDealInput } from '../buy/buy.types.ts';
import { known } from '../known.ts';
import { refreshMember } from '../member-refresh.ts';
import { pollingStates, readingOf } from '../polling.ts';
import { onStillWorking, stillWorkingGuard, stillWorkingState, stillWorkingWait } from '../still-working.ts';
import { connectTimeoutMs, type DealScreen, dealScreens, readyTimeoutMs, screenFor } from './deal.rules.ts';
import type { DealContext, DealEvent, DealInput, FetchDealInput } from './deal.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`deal: provide the ${name} actor`));
/** Another try at the same deal may reuse its key: the first one got no answer, or was still running. */
const unanswered = (error: ApiError | null) => error !== null && (isTransient(error) || isStillWorking(error));

/** The reading a decision is about: a polled answer just in, or the deal the flow holds (given or just created). */
const answered = readingOf<Deal>;
const held = ({ context }: { context: DealContext }) => context.deal;
/** The deal a polling screen reads: every way onto one passed `leadsTo`, which holds a deal. */
const followed = (context: DealContext) => known(context.deal, 'the deal followed');

/** The screens a reading can lead to: all but the spinner before the deal and the campaign's requirement (no status leads there). */
const destinations = dealScreens.filter((screen) => screen !== 'creating' && screen !== 'campaignRequirement');

const route = <Args>(reading: (args: Args) => Deal | null) =>
  destinations.map((screen) => ({
    guard: { type: 'leadsTo' as const, params: (args: Args) => ({ screen, deal: reading(args) }) },
    target: `#deal.${screen}`,
    // Taken only when `leadsTo` passed, which needs a deal.
    actions: { type: 'keepReading' as const, params: (args: Args) => known(reading(args), 'the deal read') },
  }));

/**
 * A polling screen: reads the deal every interval until the status changes or
 * the screen's timeout runs out (spec §4 connecting and machine-ready screens).
 */
const polling = (timeout: 'connectTimeout' | 'readyTimeout') =>
  ({
    after: { [timeout]: { target: '#deal.connectionError', actions: 'timedOut' } },
    ...pollingStates({
      src: 'fetchDeal',
      input: ({ context }: { context: DealContext }) => ({
        machineId: context.machine.id,
        dealId: followed(context).id,
      }),
      keep: 'keepDeal',
      route: route(answered),
      onTransient: { type: 'keepRetryAfter', params: failure },
      onFailed: { target: '#deal.transactionError', actions: { type: 'keepError', params: failure } },
    } as const),
  }) as const;

/**
 * Spec §4 delivery_status navigation: polls the deal every second and changes
 * screen only when the status differs from the previous reading. Each polling
 * screen has its own timeout; final screens and leaving the flow stop polling.
 */
export const dealMachine = setup({
  types: {} as { context: DealContext; events: DealEvent; input: DealInput },
  actors: {
    fetchDeal: fromPromise<Deal, FetchDealInput>(notProvided('fetchDeal')),
    createDeal: fromPromise<Deal, CreateDealInput>(notProvided('createDeal')),
  },
  delays: {
    pollInterval: ({ context }) => Math.max(POLL_INTERVAL_MS, context.retryAfterMs),
    connectTimeout: ({ context }) => connectTimeoutMs(context.machine),
    readyTimeout: ({ context }) => readyTimeoutMs(context.machine),
    stillWorkingWait,
  },
  guards: {
    failedToCreate: ({ context }) => context.error !== null,
    campaign: ({ context }) => needsCampaign(context.error),
    leadsTo: ({ context }, { screen, deal }: { screen: DealScreen; deal: Deal | null }) =>
      deal !== null && screenFor(deal, context.machine) === screen,
    sameStatus: ({ context }, deal: Deal) => deal.delivery_status === context.deal?.delivery_status,
    transient: (_, error: ApiError) => isTransient(error),
    mayRetry: ({ context }) =>
      context.error !== null && (unanswered(context.error) || errorScreen(context.error).action.kind === 'retry'),
    stillWorking: stillWorkingGuard,
  },
  actions: {
    refreshMember,
    keepReading: assign((_, deal: Deal) => {
      const status = deal.delivery_status;
      return {
        deal,
        retryAfterMs: 0,
        failure: status >= deliveryStatus.firstFailure ? { status, cause: 'status' as const } : null,
      };
    }),
    keepDeal: assign((_, deal: Deal) => ({ deal, retryAfterMs: 0 })),
    keepRetryAfter: assign((_, error: ApiError) => ({ retryAfterMs: (error.retry_after ?? 0) * 1000 })),
    keepError: assign((_, error: ApiError) => ({ error })),
    timedOut: assign(({ context }) => ({
      failure: { status: followed(context).delivery_status, cause: 'timeout' as const },
    })),
    // A new member action gets a new key; a retry after no answer may have been received, so it keeps its key.
    newAttempt: assign(({ context }) => ({
      idempotencyKey:
        unanswered(context.error) && context.idempotencyKey ? context.idempotencyKey : context.newIdempotencyKey(),
      resends: 0,
    })),
    countResend: assign(({ context }) => ({ resends: context.resends + 1 })),
    keepCreated: assign((_, deal: Deal) => ({
      deal,
      error: null,
      failure: null,
      retryAfterMs: 0,
    })),
  },
}).createMachine({
  id: 'deal',
  context: ({ input }) => ({ ...input, failure: null, retryAfterMs: 0, idempotencyKey: null, resends: 0 }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'campaign', target: 'campaignRequirement' },
        { guard: 'failedToCreate', target: 'transactionError' },
        ...route(held),
      ],
    },
    creating: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src: 'createDeal',
            // The only way here is `deal.retried`, whose newAttempt keys the attempt.
            input: ({ context }) => ({
              machineId: context.machine.id,
              idempotencyKey: known(context.idempotencyKey, 'the deal key'),
              body: dealBody(context.request, context.locale, context.cardId),
            }),
            onDone: { target: '#deal.starting', actions: { type: 'keepCreated', params: ({ event }) => event.output } },
            onError: [onStillWorking, { target: '#deal.starting', actions: { type: 'keepError', params: failure } }],
          },
        },
        stillWorking: stillWorkingState,
      },
    },
    connecting: polling('connectTimeout'),
    machineReady: polling('readyTimeout'),
    // The machine delivers by itself; one that never reports gets the machine-ready wait, not forever.
    autoDelivery: polling('readyTimeout'),
    // Spec issue: after the deal the balance refreshes (a delivery charged it, a failure released its hold).
    download: { type: 'final', entry: 'refreshMember' },
    downloadWithCampaign: { type: 'final', entry: 'refreshMember' },
    campaignRequirement: { type: 'final' },
    connectionError: {
      entry: 'refreshMember',
      on: { 'deal.retried': { target: 'creating', actions: 'newAttempt' } },
    },
    transactionError: {
      entry: 'refreshMember',
      on: { 'deal.retried': { guard: 'mayRetry', target: 'creating', actions: 'newAttempt' } },
    },
  },
});

export type DealMachine = typeof dealMachine;
