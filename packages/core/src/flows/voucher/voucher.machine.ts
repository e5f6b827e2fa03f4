import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import type { AddVoucherInput, VoucherContext, VoucherInput } from './voucher.types.ts';

/**
 * Spec §2 /edenred/callback: exchanges the authorization code for a saved
 * meal-voucher card (brand edenred). A callback without a code or with another
 * state never reaches the API; a reused or expired code comes back as an error.
 */
export const voucherMachine = setup({
  types: {} as { context: VoucherContext; input: VoucherInput },
  actors: {
    addVoucher: fromPromise<void, AddVoucherInput>(() => Promise.reject(new Error('voucher: provide addVoucher'))),
    /** The round trip's state is used up and the code leaves the address bar (and the history). */
    forgetCallback: fromCallback(() => {
      throw new Error('voucher: provide forgetCallback');
    }),
  },
  guards: {
    unusable: ({ context }) => context.code === null,
  },
  actions: {
    keepError: assign((_, error: ApiError) => ({ error })),
  },
}).createMachine({
  id: 'voucher',
  context: ({ input }) => ({ ...input, error: null }),
  // Read once (the screen read it before the flow): whatever comes next, it is never read again.
  invoke: { src: 'forgetCallback' },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'unusable', target: 'refused' }, { target: 'adding' }],
    },
    adding: {
      invoke: {
        src: 'addVoucher',
        // `checking` sends only a callback with a code here.
        input: ({ context }) => ({ memberId: context.memberId, code: known(context.code, 'the voucher code') }),
        onDone: 'added',
        onError: { target: 'refused', actions: { type: 'keepError', params: failure } },
      },
    },
    // The screen's last states, not final: the flow lives, with its forgotten callback, as long as its screen.
    added: {},
    refused: {},
  },
});

export type VoucherMachine = typeof voucherMachine;
