import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { ProductServer } from '../../contract/index.ts';
import { known } from '../known.ts';
import {
  type FollowedFlow,
  isSessionRejected,
  type LoadedMember,
  type SessionContext,
  type SessionCredentials,
  type SessionEvent,
  type SessionInput,
  type StoredSession,
} from './session.types.ts';

/** Every effect is the app's to give (`provide`); one placeholder for all keeps the first load small. */
const notProvided = () => Promise.reject(new Error('session: provide its actors'));

/** The session's token and member id, or null while either is missing. */
function credentialsOf({ token, memberId }: SessionContext): SessionCredentials | null {
  return token !== null && memberId !== null ? { token, memberId } : null;
}

/** The credentials of a state entered only with both (checked by hasStoredMember, or set by startSession). */
const signedInAs = (context: SessionContext) => known(credentialsOf(context), 'the session credentials');

/** The flows whose screens span several addresses: each lives while its screens are shown. */
const screenFlows: readonly FollowedFlow[] = ['deal', 'cardLink'];

const signedOut = {
  target: 'signedOut',
  actions: ['clearMember', { type: 'stopFlows', params: [...screenFlows, 'purchase'] }, 'resetMachine'],
} as const;

const initialContext: SessionContext = {
  token: null,
  memberId: null,
  member: null,
  balance: null,
  cards: [],
  machineName: null,
  machine: null,
  error: null,
  readAtStart: false,
  deal: null,
  cardLink: null,
  purchase: null,
};

/**
 * Spec §4 session. On start, a stored token and member id load the member and
 * balance, and a stored machine loads too; logout clears storage, the machine
 * and the session. The member and the chosen machine are independent regions:
 * anonymous visitors choose machines too (spec §6).
 */
export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent; input: SessionInput },
  actors: {
    restore: fromPromise<StoredSession>(notProvided),
    loadMember: fromPromise<LoadedMember, SessionCredentials>(notProvided),
    loadMachine: fromPromise<ProductServer, { name: string }>(notProvided),
    saveSession: fromPromise<void, SessionCredentials>(notProvided),
    saveMachine: fromPromise<void, { name: string | null }>(notProvided),
    /** Revokes the token on the server (best effort) and clears every stored session value. */
    forget: fromPromise<void, SessionCredentials | null>(notProvided),
  },
  guards: {
    readAtStart: ({ context }) => context.readAtStart,
    hasStoredMember: ({ context }) => credentialsOf(context) !== null,
    hasStoredMachine: ({ context }) => context.machineName !== null,
    machineGiven: ({ context }) => context.machine !== null,
    sessionRejected: (_, thrown: unknown) => isSessionRejected(thrown),
  },
  actions: {
    keepStored: assign(({ context }, stored: StoredSession) => ({
      token: stored.token,
      memberId: stored.memberId,
      machineName: context.machine?.name ?? stored.machineName,
    })),
    keepMember: assign((_, loaded: LoadedMember) => ({
      ...loaded,
      memberId: loaded.member.id,
      error: null,
    })),
    startSession: assign(({ event }) => {
      if (event.type !== 'session.started') return {};
      return { token: event.token, memberId: event.member.id, member: event.member, balance: event.member.balance };
    }),
    markUnreachable: assign({ error: 'unreachable' as const }),
    clearMember: assign({
      token: null,
      memberId: null,
      member: null,
      balance: null,
      balances: null,
      cards: [],
      error: null,
    }),
    chooseMachine: assign(({ event }) =>
      event.type === 'machine.chosen' ? { machine: event.machine, machineName: event.machine.name, error: null } : {},
    ),
    keepMachine: assign((_, machine: ProductServer) => ({ machine })),
    clearMachine: assign({ machine: null, machineName: null }),
    markMachineUnavailable: assign({ machine: null, machineName: null, error: 'machine_unavailable' as const }),
    resetMachine: raise({ type: 'machine.reset' }),
    /** Stops these flows, those on their way. */
    stopFlows: enqueueActions(({ context, enqueue }, flows: readonly (FollowedFlow | 'purchase')[]) => {
      for (const flow of flows) {
        const running = context[flow];
        if (!running) continue;
        enqueue.stopChild(running);
        enqueue.assign({ [flow]: null });
      }
    }),
    keepPurchase: assign({
      purchase: ({ event, spawn, self }) =>
        event.type === 'purchase.kept'
          ? spawn(event.logic, { input: { purchase: event.purchase, session: self } })
          : null,
    }),
    // The deal (and the card link) has its session read the member again when it ends.
    followDeal: assign({
      deal: ({ event, spawn, self }) =>
        event.type === 'deal.started' ? spawn(event.logic, { input: { ...event.input, session: self } }) : null,
    }),
    // Opened again (a second render, a reload of another tab) while one is on its way, the screens show that one.
    followCardLink: assign({
      cardLink: ({ context, event, spawn, self }) =>
        context.cardLink ??
        (event.type === 'card-link.started' ? spawn(event.logic, { input: { ...event.input, session: self } }) : null),
    }),
  },
}).createMachine({
  id: 'session',
  // `input` is typed as given, but a caller in plain JavaScript may leave it out.
  context: ({ input }) => {
    const given = input?.machine ? { machine: input.machine, machineName: input.machine.name } : {};
    return input?.stored
      ? {
          ...initialContext,
          token: input.stored.token,
          memberId: input.stored.memberId,
          machineName: input.stored.machineName,
          readAtStart: true,
          ...given,
        }
      : { ...initialContext, ...given };
  },
  initial: 'restoring',
  on: {
    // A deal made ends any kept purchase: it is made, or the member bought something else themselves.
    'deal.started': { actions: [{ type: 'stopFlows', params: [...screenFlows, 'purchase'] }, 'followDeal'] },
    'card-link.started': { actions: 'followCardLink' },
    // The flows of other screens stop. A kept purchase stays: the screens start again at sign-in.
    'screen.shown': {
      actions: { type: 'stopFlows', params: ({ event }) => screenFlows.filter((flow) => flow !== event.flow) },
    },
    'purchase.kept': { actions: [{ type: 'stopFlows', params: ['purchase'] }, 'keepPurchase'] },
  },
  states: {
    restoring: {
      always: { guard: 'readAtStart', target: 'active' },
      invoke: {
        src: 'restore',
        onDone: { target: 'active', actions: { type: 'keepStored', params: ({ event }) => event.output } },
        onError: 'active',
      },
    },
    active: {
      type: 'parallel',
      states: {
        member: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'hasStoredMember', target: 'loading' }, { target: 'signedOut' }],
            },
            loading: {
              invoke: {
                src: 'loadMember',
                input: ({ context }) => signedInAs(context),
                onDone: { target: 'signedIn', actions: { type: 'keepMember', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: {
                      type: 'sessionRejected',
                      params: ({ event }: { event: { error: unknown } }) => event.error,
                    },
                    target: 'signingOut',
                  },
                  // No answer: keep the session and say so; the member can retry.
                  { target: 'signedIn', actions: 'markUnreachable' },
                ],
              },
            },
            signedIn: {
              on: {
                'member.refresh': 'loading',
                'session.ended': 'signingOut',
              },
            },
            signingOut: {
              invoke: {
                src: 'forget',
                input: ({ context }) => credentialsOf(context),
                // Signed out whether the server heard it or not: the member's data, flows and machine go.
                onDone: signedOut,
                onError: signedOut,
              },
            },
            signedOut: {
              on: {
                'session.started': { target: 'saving', actions: 'startSession' },
              },
            },
            saving: {
              invoke: {
                src: 'saveSession',
                input: ({ context }) => signedInAs(context),
                // Sign-in brings the member alone: their balances per currency and cards are read next.
                onDone: 'loading',
                onError: 'signedIn',
              },
            },
          },
        },
        machine: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                { guard: 'machineGiven', target: 'saving' },
                { guard: 'hasStoredMachine', target: 'loading' },
                { target: 'none' },
              ],
            },
            loading: {
              invoke: {
                src: 'loadMachine',
                // Entered from `deciding` only, whose hasStoredMachine guard saw the name.
                input: ({ context }) => ({ name: known(context.machineName, 'the stored machine') }),
                onDone: { target: 'chosen', actions: { type: 'keepMachine', params: ({ event }) => event.output } },
                onError: { target: 'forgetting', actions: 'markMachineUnavailable' },
              },
            },
            none: {},
            chosen: {},
            saving: {
              invoke: {
                src: 'saveMachine',
                input: ({ context }) => ({ name: context.machineName }),
                onDone: 'chosen',
                onError: 'chosen',
              },
            },
            forgetting: {
              invoke: { src: 'saveMachine', input: () => ({ name: null }), onDone: 'none', onError: 'none' },
            },
          },
          on: {
            'machine.chosen': { target: '.saving', actions: 'chooseMachine' },
            'machine.reset': { target: '.forgetting', actions: 'clearMachine' },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
