import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { AutoTopUpSettings } from '../../contract/index.ts';
import { topUpBounds } from '../../contract/index.ts';
import { DEFAULT_TOP_UP, newestCard, type TopUpLimits } from '../../rules/top-up.ts';
import { failure } from '../actor-failure.ts';
import type {
  AutoTopUpContext,
  AutoTopUpEvent,
  AutoTopUpInput,
  AutoTopUpProblem,
  SaveAutoTopUpInput,
} from './auto-top-up.types.ts';

/** Spec §7 update_auto_top_up: what is wrong with the settings, if anything. */
export function checkAutoTopUp(settings: AutoTopUpSettings, limits: TopUpLimits): AutoTopUpProblem | null {
  if (!settings.enabled) return null;
  // The server keeps the threshold within the top-up limits too: a balance never falls below 0.
  if (!Number.isInteger(settings.threshold) || settings.threshold < limits.min || settings.threshold > limits.max) {
    return 'threshold_invalid';
  }
  if (!Number.isInteger(settings.amount) || settings.amount < limits.min || settings.amount > limits.max) {
    return 'amount_invalid';
  }
  if (!settings.credit_card_id) return 'card_missing';
  return null;
}

/** Automatic top-up settings, edited on /top-up and saved with update_auto_top_up (spec §4 top-up). */
export const autoTopUpMachine = setup({
  types: {} as { context: AutoTopUpContext; events: AutoTopUpEvent; input: AutoTopUpInput },
  actors: {
    save: fromPromise<AutoTopUpSettings, SaveAutoTopUpInput>(() =>
      Promise.reject(new Error('auto top-up: provide the save actor')),
    ),
  },
  guards: {
    invalid: ({ context }) => checkAutoTopUp(context.settings, context.limits) !== null,
  },
  actions: {
    change: assign(({ event }) =>
      event.type === 'settings.changed' ? { settings: event.settings, problem: null, error: null } : {},
    ),
    flag: assign(({ context }) => ({ problem: checkAutoTopUp(context.settings, context.limits) })),
    keepSaved: assign((_, settings: AutoTopUpSettings) => ({ settings })),
    keepError: assign((_, error: ApiError) => ({ error })),
  },
}).createMachine({
  id: 'autoTopUp',
  context: ({ input }) => ({
    ...input,
    settings: input.saved ?? {
      enabled: false,
      threshold: topUpBounds.defaultMinimum,
      amount: DEFAULT_TOP_UP,
      credit_card_id: newestCard(input.cards)?.id ?? null,
    },
    problem: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'settings.changed': { actions: 'change' },
        'save.requested': [{ guard: 'invalid', actions: 'flag' }, { target: 'saving' }],
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ memberId: context.memberId, settings: context.settings }),
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'keepError', params: failure } },
      },
    },
    saved: {
      on: { 'settings.changed': { target: 'editing', actions: 'change' } },
    },
  },
});

export type AutoTopUpMachine = typeof autoTopUpMachine;
