import { Trans } from '@lingui/react/macro';
import {
  newVoucherState,
  STORAGE_LIFETIME_SECONDS,
  storageKeys,
  VOUCHER_STATE_SECONDS,
  voucherAuthorizeUrl as authorizeAddress,
} from '@vendo/core';
import { Button } from '@vendo/ui';
import { voucherAuthorizeUrl } from '../config.ts';
import { usePlatform } from '../platform/platform.tsx';

/** Starts the meal-voucher (Edenred) authorization: a random state is kept for the round trip. */
export function VoucherCardButton({ disabled }: { disabled: boolean }) {
  const { storage } = usePlatform();
  return (
    <Button
      width="full"
      variant="secondary"
      disabled={disabled}
      onClick={() => {
        const state = newVoucherState();
        storage.write(storageKeys.voucherState, state, {
          maxAgeSeconds: Math.min(VOUCHER_STATE_SECONDS, STORAGE_LIFETIME_SECONDS),
        });
        window.location.assign(authorizeAddress(voucherAuthorizeUrl, state));
      }}
    >
      <Trans>Add a meal-voucher card (Edenred)</Trans>
    </Button>
  );
}
