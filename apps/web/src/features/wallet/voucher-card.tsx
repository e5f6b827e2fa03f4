import { Trans } from '@lingui/react/macro';
import {
  voucherAuthorizeUrl as authorizeAddress,
  newVoucherState,
  STORAGE_LIFETIME_SECONDS,
  VOUCHER_STATE_KEY,
  VOUCHER_STATE_SECONDS,
} from '@vendo/core';
import { Button } from '@vendo/ui';
import { usePlatform } from '../../lib/platform/platform.tsx';

/** The meal-voucher provider's authorization page (Edenred); by default the reference API's emulation. */
const voucherAuthorizeUrl: string = import.meta.env.VITE_VOUCHER_AUTHORIZE_URL || '/voucher-provider/oauth/authorize';

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
        storage.write(VOUCHER_STATE_KEY, state, {
          maxAgeSeconds: Math.min(VOUCHER_STATE_SECONDS, STORAGE_LIFETIME_SECONDS),
        });
        window.location.assign(authorizeAddress(voucherAuthorizeUrl, state));
      }}
    >
      <Trans>Add a meal-voucher card (Edenred)</Trans>
    </Button>
  );
}
