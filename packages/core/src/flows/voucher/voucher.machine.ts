import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { Api } from '../../api/index.ts';
import { VOUCHER_CALLBACK_PATH, type VoucherCallbackProblem } from '../../rules/voucher.ts';
import { failure } from '../actor-failure.ts';

export interface VoucherInput {
  readonly memberId: number;
  /** The code read from the callback, or why there is none to use. */
  readonly code: string | null;
  readonly problem: VoucherCallbackProblem | null;
}

interface VoucherContext extends VoucherInput {
  readonly error: ApiError | null;
}

/**
 * Spec §2 /edenred/callback: exchanges the authorization code for a saved
 * meal-voucher card (brand edenred). A callback without a code or with another
 * state never reaches the API; a reused or expired code comes back as an error.
 */
export const voucherMachine = setup({
  types: {} as { context: VoucherContext; input: VoucherInput },
  actors: {
    addVoucher: fromPromise<void, { memberId: number; code: string }>(() =>
      Promise.reject(new Error('voucher: provide addVoucher')),
    ),
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
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'unusable', target: 'refused' }, { target: 'adding' }],
    },
    adding: {
      invoke: {
        src: 'addVoucher',
        input: ({ context }) => ({ memberId: context.memberId, code: context.code ?? '' }),
        onDone: 'added',
        onError: { target: 'refused', actions: { type: 'keepError', params: failure } },
      },
    },
    added: { type: 'final' },
    refused: { type: 'final' },
  },
});

export type VoucherMachine = typeof voucherMachine;

export function voucherActors({ api }: { api: Api }) {
  return {
    addVoucher: fromPromise<void, { memberId: number; code: string }>(async ({ input, signal }) => {
      const added = await api.cards.addVoucher(
        input.memberId,
        { code: input.code, redirect_uri: VOUCHER_CALLBACK_PATH },
        { signal },
      );
      if (!added.ok) throw added.error;
    }),
  };
}
