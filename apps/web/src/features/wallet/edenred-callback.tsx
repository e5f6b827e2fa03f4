import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  readVoucherCallback,
  serverMessage,
  VOUCHER_STATE_KEY,
  type VoucherCallbackProblem,
  voucherActors,
  voucherMachine,
  voucherView,
} from '@vendo/core';
import { Button, Spinner, StatusScreen } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

const problems: Record<VoucherCallbackProblem, ReturnType<typeof msg>> = {
  voucher_no_code: msg`The card provider did not send an authorization code. Start again from your payment methods.`,
  voucher_state_mismatch: msg`This answer does not belong to the authorization you started. Start again from your payment methods.`,
};

/** The code and state leave the address bar and the history: a reload or the back button never sends them again. */
const leaveAddress = () => window.history.replaceState(window.history.state, '', window.location.pathname);

/** Spec §2 `/edenred/callback`: the voucher provider's return; the code becomes a saved card (brand edenred). */
export default function EdenredCallback() {
  const { storage } = usePlatform();
  const session = useSession();
  // Read once, as the page opens; the flow then uses the state up and takes the code out of the address.
  const [callback] = useState(() => readVoucherCallback(window.location.search, storage.read(VOUCHER_STATE_KEY)));
  if (!session.member) return null;
  return <Redeem memberId={session.member.id} callback={callback} />;
}

function Redeem({ memberId, callback }: { memberId: number; callback: ReturnType<typeof readVoucherCallback> }) {
  const { api, storage } = usePlatform();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const flow = useFlow(
    voucherMachine,
    voucherActors({ api, storage, leaveAddress }),
    callback.ok
      ? { memberId, code: callback.code, problem: null }
      : { memberId, code: null, problem: callback.problem },
  );
  const state = useSelector(flow, voucherView);
  // Added: the payment methods say so.
  if (state.added) return <Redirect to={`${href('paymentMethods')}?added=voucher`} replace />;

  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        {state.refused ? (
          <StatusScreen
            tone="error"
            title={t`The meal-voucher card could not be added`}
            actions={
              <Button width="full" onClick={() => navigate(href('paymentMethods'), { replace: true })}>
                <Trans>Back to payment methods</Trans>
              </Button>
            }
          >
            <p>
              {state.problem
                ? i18n._(problems[state.problem])
                : (serverMessage(state.error) ?? t`An error occurred in the process, please try again.`)}
            </p>
          </StatusScreen>
        ) : (
          <StatusScreen
            tone="progress"
            visual={<Spinner label={t`Adding your card…`} />}
            title={t`Adding your card…`}
          />
        )}
      </main>
    </>
  );
}
