import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { serverMessage } from '../../api/error-checks.ts';
import { checkRfidDevice, type RfidDeviceForm, rfidKeyOnBlur } from '../../rules/rfid.ts';
import { failure } from '../actor-failure.ts';
import type { RfidDeviceContext, RfidDeviceEvent } from './rfid-device.types.ts';

const emptyForm: RfidDeviceForm = { name: '', rfidId: '', rfidKey: '' };

/** Spec §2 /add-rfid-device-page: step 1 the form, step 2 the result (success, or the API's error message). */
export const rfidDeviceMachine = setup({
  types: {} as { context: RfidDeviceContext; events: RfidDeviceEvent },
  actors: {
    saveDevice: fromPromise<void, RfidDeviceForm>(() => Promise.reject(new Error('rfid device: provide saveDevice'))),
  },
  guards: {
    invalid: ({ context }) => Object.keys(checkRfidDevice(context.form)).length > 0,
  },
  actions: {
    change: assign(({ context, event }) =>
      event.type === 'field.changed' ? { form: { ...context.form, [event.field]: event.value } } : {},
    ),
    lowerKey: assign(({ context }) => ({ form: { ...context.form, rfidKey: rfidKeyOnBlur(context.form.rfidKey) } })),
    showProblems: assign({ showProblems: true }),
    keepFailure: assign((_, error: ApiError) => ({ failure: { message: serverMessage(error) } })),
    reset: assign({ form: emptyForm, showProblems: false, failure: null }),
  },
}).createMachine({
  id: 'rfidDevice',
  context: { form: emptyForm, showProblems: false, failure: null },
  initial: 'form',
  states: {
    form: {
      on: {
        'field.changed': { actions: 'change' },
        'key.blurred': { actions: 'lowerKey' },
        'device.submitted': [
          { guard: 'invalid', actions: 'showProblems' },
          { target: 'saving', actions: 'lowerKey' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveDevice',
        input: ({ context }) => context.form,
        onDone: 'added',
        onError: { target: 'refused', actions: { type: 'keepFailure', params: failure } },
      },
    },
    added: { on: { 'form.reopened': { target: 'form', actions: 'reset' } } },
    // What was typed stays for another try.
    refused: { on: { 'form.reopened': 'form' } },
  },
});

export type RfidDeviceMachine = typeof rfidDeviceMachine;
