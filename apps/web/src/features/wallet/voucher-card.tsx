import { Trans } from '@lingui/react/macro';
import { leaveForVoucherAuthorization } from '@vendo/core';
import { Button } from '@vendo/ui';
import { openPage } from '../../lib/platform/open-page.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';

/** The meal-voucher provider's authorization page (Edenred); by default the reference API's emulation. */
const voucherAuthorizeUrl: string = import.meta.env.VITE_VOUCHER_AUTHORIZE_URL || '/voucher-provider/oauth/authorize';

/** Starts the meal-voucher (Edenred) authorization: core keeps a random state for the round trip and leaves. */
export function VoucherCardButton({ disabled }: { disabled: boolean }) {
  const { storage } = usePlatform();
  return (
    <Button
      width="full"
      variant="secondary"
      disabled={disabled}
      onClick={() => leaveForVoucherAuthorization({ storage, openPage }, voucherAuthorizeUrl)}
    >
      <Trans>Add a meal-voucher card (Edenred)</Trans>
    </Button>
  );
}
