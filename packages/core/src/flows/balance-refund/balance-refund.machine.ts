import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isStillWorking, isTransient, isUnanswered } from '../../api/error-checks.ts';
import type { BalanceRefund } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import { refreshMember } from '../member-refresh.ts';
import { pollingStates, readingOf } from '../polling.ts';
import { onStillWorking, stillWorkingGuard, stillWorkingState, stillWorkingWait } from '../still-working.ts';
import { amountTextOf, followed, isSettled, onItsWay, planProblem, requestOf } from './balance-refund.rules.ts';
import type {
  BalanceRefundContext,
  BalanceRefundEvent,
  BalanceRefundInput,
  BalanceRefundReading,
  PlanInput,
  RequestInput,
} from './balance-refund.types.ts';

/**
 * How often the screen reads the refunds while one is on its way. A bank confirms a transfer in minutes to
 * days; one reading each 5 s keeps an open screen current and within the reference API's limit on list reads
 * (120 a member in 10 minutes), however long the screen stays open.
 */
export const BALANCE_REFUND_POLL_MS = 5_000;

const notProvided = (name: string) => () => Promise.reject(new Error(`balance refund: provide ${name}`));

/**
 * Issue 37 point 4: getting your balance back. Reads the plan (what can come back and where) with the refunds
 * asked so far; the member sets the amount and, when a part goes by SPEI, a CLABE in their name; a confirmed
 * refund is sent once with its Idempotency-Key (the same request after no answer keeps it), holds the balance
 * at once (the session reads the member again), and is followed until done or refused. A provider without
 * balance refunds answers the plan with 404: `unavailable`, and the app shows nothing of it.
 */
export const balanceRefundMachine = setup({
  types: {} as { context: BalanceRefundContext; events: BalanceRefundEvent; input: BalanceRefundInput },
  actors: {
    loadPlan: fromPromise<BalanceRefundReading, PlanInput>(notProvided('loadPlan')),
    requestRefund: fromPromise<BalanceRefund, RequestInput>(notProvided('requestRefund')),
    readRefunds: fromPromise<readonly BalanceRefund[], PlanInput>(notProvided('readRefunds')),
  },
  delays: {
    pollInterval: BALANCE_REFUND_POLL_MS,
    stillWorkingWait,
  },
  guards: {
    notProvided: (_, error: ApiError) => error.status === 404,
    oneOnItsWay: (_, reading: BalanceRefundReading) => onItsWay(reading.refunds) !== null,
    incomplete: ({ context }) => requestOf(context) === null,
    nothingToRefund: ({ context }) => planProblem(context.plan) === 'nothing_to_refund',
    capReached: ({ context }) => planProblem(context.plan) === 'monthly_count',
    stillWorking: stillWorkingGuard,
    sameStatus: ({ context }, refunds: readonly BalanceRefund[]) =>
      followed(refunds, context.followedId)?.status === followed(context.refunds, context.followedId)?.status,
    settled: ({ context }, refunds: readonly BalanceRefund[]) =>
      isSettled(followed(refunds, context.followedId)?.status),
    transient: (_, error: ApiError) => isTransient(error),
  },
  actions: {
    keepReading: assign((_, reading: BalanceRefundReading) => ({
      plan: reading.plan,
      refunds: reading.refunds,
      amountText: amountTextOf(reading.plan),
      followedId: onItsWay(reading.refunds)?.id ?? null,
      problem: null,
    })),
    keepRefunds: assign((_, refunds: readonly BalanceRefund[]) => ({ refunds })),
    keepProblem: assign((_, error: ApiError) => ({ problem: isUnanswered(error) ? 'unreachable' : 'failed' })),
    typeAmount: assign(({ event }) => (event.type === 'amount.changed' ? { amountText: event.text, error: null } : {})),
    // Read as typed: the field groups the digits, the request carries only them.
    typeClabe: assign(({ event }) =>
      event.type === 'clabe.changed' ? { clabe: event.text.replace(/\D/g, '').slice(0, 18), error: null } : {},
    ),
    typeHolder: assign(({ event }) => (event.type === 'holder.changed' ? { holder: event.text, error: null } : {})),
    showProblems: assign({ showProblems: true }),
    // One key per confirmed refund; the next one after no answer, or while the server still ran it, keeps the
    // key (whatever was typed since), so the balance is never held twice.
    keyRequest: assign(({ context }) => ({
      sent: requestOf(context),
      idempotencyKey:
        context.unanswered && context.idempotencyKey ? context.idempotencyKey : context.newIdempotencyKey(),
      error: null,
      resends: 0,
    })),
    keepError: assign((_, error: ApiError) => ({ error, unanswered: isTransient(error) || isStillWorking(error) })),
    countResend: assign(({ context }) => ({ resends: context.resends + 1 })),
    keepRequested: assign(({ context }, refund: BalanceRefund) => ({
      unanswered: false,
      refunds: [refund, ...context.refunds.filter((each) => each.id !== refund.id)],
      followedId: refund.id,
      showProblems: false,
    })),
    // The hold (a request) and its return (a refusal) change the balance the header shows.
    refreshMember,
  },
}).createMachine({
  id: 'balanceRefund',
  context: ({ input }) => ({
    ...input,
    plan: null,
    refunds: [],
    amountText: '',
    clabe: '',
    holder: '',
    showProblems: false,
    sent: null,
    idempotencyKey: null,
    unanswered: false,
    resends: 0,
    error: null,
    followedId: null,
    problem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPlan',
        input: ({ context }) => ({ memberId: context.memberId, currency: context.currency }),
        onDone: [
          // A refund asked on an earlier visit and still on its way is followed again.
          {
            guard: { type: 'oneOnItsWay', params: readingOf },
            target: 'following',
            actions: { type: 'keepReading', params: readingOf },
          },
          { target: 'planned', actions: { type: 'keepReading', params: readingOf } },
        ],
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'unavailable' },
          { target: 'failed', actions: { type: 'keepProblem', params: failure } },
        ],
      },
    },
    // What the plan allows: nothing to give back, the month's refunds used up, or a refund the member can ask.
    planned: {
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: 'nothingToRefund', target: 'nothingToRefund' },
            { guard: 'capReached', target: 'capReached' },
            { target: 'canAsk' },
          ],
        },
        nothingToRefund: {},
        capReached: {},
        canAsk: {
          on: {
            'amount.changed': { actions: 'typeAmount' },
            'clabe.changed': { actions: 'typeClabe' },
            'holder.changed': { actions: 'typeHolder' },
            'refund.asked': [{ guard: 'incomplete', actions: 'showProblems' }, { target: '#balanceRefund.confirming' }],
          },
        },
      },
    },
    confirming: {
      on: {
        'refund.confirmed': { target: 'requesting', actions: 'keyRequest' },
        'refund.cancelled': 'planned',
      },
    },
    requesting: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src: 'requestRefund',
            // The only way here is `refund.confirmed`, whose keyRequest keeps the request and its key.
            input: ({ context }) => ({
              memberId: context.memberId,
              currency: context.currency,
              request: known(context.sent, 'the refund asked'),
              idempotencyKey: known(context.idempotencyKey, 'the refund key'),
            }),
            onDone: {
              target: '#balanceRefund.following',
              actions: [{ type: 'keepRequested', params: readingOf }, 'refreshMember'],
            },
            onError: [
              onStillWorking,
              { target: '#balanceRefund.planned', actions: { type: 'keepError', params: failure } },
            ],
          },
        },
        stillWorking: stillWorkingState,
      },
    },
    following: pollingStates({
      src: 'readRefunds',
      input: ({ context }: { context: BalanceRefundContext }) => ({
        memberId: context.memberId,
        currency: context.currency,
      }),
      keep: 'keepRefunds',
      route: [
        {
          guard: { type: 'settled', params: readingOf },
          target: '#balanceRefund.settled',
          actions: { type: 'keepRefunds', params: readingOf },
        },
        { target: 'waiting', actions: { type: 'keepRefunds', params: readingOf } },
      ],
      onTransient: undefined,
      onFailed: { target: '#balanceRefund.lost', actions: { type: 'keepProblem', params: failure } },
    } as const),
    // Done or refused; a refusal gave the hold back, so the header reads the member again.
    settled: {
      entry: 'refreshMember',
      on: { 'refund.another': 'loading' },
    },
    // The refund is on its way but its state could not be read: asked again, the reading goes on.
    lost: { on: { 'plan.retried': 'following' } },
    unavailable: { type: 'final' },
    failed: { on: { 'plan.retried': 'loading' } },
  },
});

export type BalanceRefundMachine = typeof balanceRefundMachine;
