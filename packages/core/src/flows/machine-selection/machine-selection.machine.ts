import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { ProductServer, RecentMachine } from '../../contract/index.ts';
import { machineIdFrom } from '../../rules/machine-id.ts';
import { machineFromQr } from '../../rules/qr.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import type {
  MachineSelectionContext,
  MachineSelectionEvent,
  MachineSelectionInput,
  MachineSelectionOutput,
} from './machine-selection.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`machine selection: provide the ${name} actor`));

/**
 * Spec §2 machine selection: type a machine ID (lower-cased, `@` optional),
 * scan its QR code, or pick a recent machine. An unknown machine opens the
 * Machine not found modal and clears the field.
 */
export const machineSelectionMachine = setup({
  types: {} as {
    context: MachineSelectionContext;
    events: MachineSelectionEvent;
    input: MachineSelectionInput;
    output: MachineSelectionOutput;
  },
  actors: {
    lookup: fromPromise<ProductServer, { name: string }>(notProvided('lookup')),
    loadRecent: fromPromise<RecentMachine[], { memberId: number }>(notProvided('loadRecent')),
  },
  guards: {
    signedIn: ({ context }) => context.memberId !== null,
    notFound: (_, error: ApiError) => error.status === 404,
  },
  actions: {
    // The lookup found it: the session chooses it (and stores it), whichever screen asked.
    tellSession: ({ context }) =>
      context.session?.send({ type: 'machine.chosen', machine: known(context.machine, 'the chosen machine') }),
    setId: assign(({ event }) =>
      event.type === 'id.changed' ? { machineId: event.value.toLowerCase(), problem: null, error: null } : {},
    ),
    readTypedId: assign(({ context }) => {
      const read = machineIdFrom(context.machineId);
      return read.ok ? { lookingFor: read.name, problem: null } : { problem: read.problem, lookingFor: null };
    }),
    readQr: assign(({ context, event }) => {
      if (event.type !== 'qr.decoded') return {};
      const read = machineFromQr(event.text, context.sitePath);
      return read.ok ? { lookingFor: read.name, problem: null } : { problem: read.problem, lookingFor: null };
    }),
    readRecent: assign(({ event }) =>
      event.type === 'recent.chosen' ? { lookingFor: event.name, problem: null, error: null } : {},
    ),
    keepMachine: assign((_, machine: ProductServer) => ({ machine })),
    clearField: assign({ machineId: '' }),
    keepError: assign((_, error: ApiError) => ({
      error: isUnanswered(error) ? ('unreachable' as const) : ('unknown' as const),
    })),
    keepRecent: assign((_, recent: RecentMachine[]) => ({ recent })),
  },
}).createMachine({
  id: 'machineSelection',
  context: ({ input }) => ({
    machineId: '',
    problem: null,
    error: null,
    lookingFor: null,
    recent: [],
    machine: null,
    ...input,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      type: 'parallel',
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'id.changed': { actions: 'setId' },
                'id.submitted': { target: 'deciding', actions: 'readTypedId' },
                'qr.decoded': { target: 'deciding', actions: 'readQr' },
                'recent.chosen': { target: 'deciding', actions: 'readRecent' },
              },
            },
            deciding: {
              always: [
                { guard: ({ context }) => context.lookingFor === null, target: 'idle' },
                { target: 'lookingUp' },
              ],
            },
            lookingUp: {
              invoke: {
                src: 'lookup',
                // `deciding` comes here only with a machine to look for.
                input: ({ context }) => ({ name: known(context.lookingFor, 'the machine looked for') }),
                onDone: {
                  target: '#machineSelection.chosen',
                  actions: { type: 'keepMachine', params: ({ event }) => event.output },
                },
                onError: [
                  { guard: { type: 'notFound', params: failure }, target: 'notFound', actions: 'clearField' },
                  { target: 'idle', actions: { type: 'keepError', params: failure } },
                ],
              },
            },
            notFound: {
              on: { 'not-found.dismissed': 'idle' },
            },
          },
        },
        recent: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'signedIn', target: 'loading' }, { target: 'none' }] },
            loading: {
              invoke: {
                src: 'loadRecent',
                // Visitors have no recent machines: signedIn let only a member in.
                input: ({ context }) => ({ memberId: known(context.memberId, 'the member') }),
                onDone: { target: 'loaded', actions: { type: 'keepRecent', params: ({ event }) => event.output } },
                // The list is a shortcut: without it, typing or scanning still works.
                onError: 'none',
              },
            },
            loaded: {},
            none: {},
          },
        },
      },
    },
    chosen: { type: 'final', entry: 'tellSession' },
  },
  // `chosen` is entered only with the machine the lookup found.
  output: ({ context }) => ({ machine: known(context.machine, 'the chosen machine') }),
});

export type MachineSelectionMachine = typeof machineSelectionMachine;
