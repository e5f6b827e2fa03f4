import { fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { StoragePort } from '../../ports.ts';
import { VOUCHER_CALLBACK_PATH, VOUCHER_STATE_KEY } from '../../rules/voucher.ts';
import type { AddVoucherInput } from './voucher.types.ts';

/**
 * The callback's code exchanged on the real API for a saved meal-voucher card; the round trip's state
 * forgotten in storage and its code taken out of the address (`leaveAddress`, the front end's).
 */
export function voucherActors({
  api,
  storage,
  leaveAddress,
}: {
  api: Api;
  storage: StoragePort;
  leaveAddress: () => void;
}) {
  return {
    forgetCallback: fromCallback(() => {
      storage.remove(VOUCHER_STATE_KEY);
      leaveAddress();
    }),
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
