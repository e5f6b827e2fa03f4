import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import { VOUCHER_CALLBACK_PATH } from '../../rules/voucher.ts';
import type { AddVoucherInput } from './voucher.types.ts';

/** The callback's code exchanged on the real API for a saved meal-voucher card. */
export function voucherActors({ api }: { api: Api }) {
  return {
    addVoucher: fromPromise<void, AddVoucherInput>(async ({ input, signal }) => {
      const added = await api.cards.addVoucher(
        input.memberId,
        { code: input.code, redirect_uri: VOUCHER_CALLBACK_PATH },
        { signal },
      );
      if (!added.ok) throw added.error;
    }),
  };
}
