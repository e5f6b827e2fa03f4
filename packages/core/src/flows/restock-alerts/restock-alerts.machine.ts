import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { failure } from '../actor-failure.ts';
import { refreshMember } from '../member-refresh.ts';
import type {
  AskAlertInput,
  EndAlertInput,
  RestockAlertsContext,
  RestockAlertsEvent,
  RestockAlertsInput,
} from './restock-alerts.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`restock alerts: provide ${name}`));

/**
 * Issue 35 point 2: the member's restock alerts ("Avísame cuando haya"). The alerts themselves are part of
 * the member the session reads (`restock_alerts`): each change made here tells the session to read them again,
 * so the product page, the menu's list and the news notice all follow. One change at a time.
 */
export const restockAlertsMachine = setup({
  types: {} as { context: RestockAlertsContext; events: RestockAlertsEvent; input: RestockAlertsInput },
  actors: {
    askAlert: fromPromise<void, AskAlertInput>(notProvided('askAlert')),
    endAlert: fromPromise<void, EndAlertInput>(notProvided('endAlert')),
  },
  guards: {
    gone: (_, error: ApiError) => error.status === 404,
  },
  actions: {
    keepChange: assign(({ event }) => ({
      change:
        event.type === 'alert.asked'
          ? { kind: 'ask' as const, machineId: event.machineId, productId: event.productId }
          : { kind: 'end' as const, alertId: event.alertId },
      error: null,
    })),
    keepError: assign((_, error: ApiError) => ({ error })),
    forgetChange: assign({ change: null, error: null }),
    refreshMember,
  },
}).createMachine({
  id: 'restockAlerts',
  context: ({ input }) => ({ ...input, change: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'alert.asked': { target: 'asking', actions: 'keepChange' },
        'alert.ended': { target: 'ending', actions: 'keepChange' },
      },
    },
    asking: {
      invoke: {
        src: 'askAlert',
        input: ({ context, event }) => {
          assertEvent(event, 'alert.asked');
          return { memberId: context.memberId, machineId: event.machineId, productId: event.productId };
        },
        onDone: { target: 'idle', actions: ['forgetChange', 'refreshMember'] },
        onError: { target: 'idle', actions: { type: 'keepError', params: failure } },
      },
    },
    ending: {
      invoke: {
        src: 'endAlert',
        input: ({ context, event }) => {
          assertEvent(event, 'alert.ended');
          return { memberId: context.memberId, alertId: event.alertId };
        },
        onDone: { target: 'idle', actions: ['forgetChange', 'refreshMember'] },
        // An alert already gone (ended elsewhere, or expired) is what was wanted: no error, the session reads again.
        onError: [
          { guard: { type: 'gone', params: failure }, target: 'idle', actions: ['forgetChange', 'refreshMember'] },
          { target: 'idle', actions: [{ type: 'keepError', params: failure }, 'refreshMember'] },
        ],
      },
    },
  },
});

export type RestockAlertsMachine = typeof restockAlertsMachine;
