import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatMoney,
  groupedClabe,
  speiAccountActors,
  speiAccountMachine,
  speiAccountView,
  speiDailyCapCents,
} from '@vendo/core';
import { Button, CodeDisplay, Notice } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useFlow } from '../../lib/use-flow.ts';

/**
 * Issue 37 point 2: top up by a SPEI transfer from any bank, to the member's own CLABE: shown once they have
 * one, given when they ask, with the day's cap. A provider without SPEI shows nothing.
 */
export function SpeiAccountPanel({ memberId }: { memberId: number }) {
  const { api } = usePlatform();
  const { t } = useLingui();
  const flow = useFlow(speiAccountMachine, speiAccountActors({ api }), { memberId });
  const view = useSelector(flow, speiAccountView);
  if (view.none || view.loading || view.failed) return null;
  const cap = formatMoney(speiDailyCapCents() / 100, currentLocale());
  return (
    <section className="vendo-section" aria-labelledby="spei-account">
      <h2 id="spei-account">
        <Trans>Transfer from your bank (SPEI)</Trans>
      </h2>
      {view.account ? (
        <>
          <CodeDisplay label={t`Your CLABE`} code={groupedClabe(view.account.clabe)} />
          <p>
            <Trans>
              Bank: {view.account.bank_name}. Beneficiary: {view.account.beneficiary}.
            </Trans>
          </p>
          <p>
            <Trans>
              Transfers to it reach your balance in pesos, up to {cap} a day; anything above goes back to the account it
              came from.
            </Trans>
          </p>
        </>
      ) : (
        <>
          <p>
            <Trans>Get a CLABE of your own and top up by a transfer from any bank.</Trans>
          </p>
          <Button
            width="full"
            variant="secondary"
            busy={view.asking}
            busyLabel={t`Getting your CLABE…`}
            onClick={() => flow.send({ type: 'account.asked' })}
          >
            <Trans>Get my CLABE</Trans>
          </Button>
        </>
      )}
      {view.problem ? (
        <Notice tone="error">
          <Trans>Your CLABE could not be given. Try again.</Trans>
        </Notice>
      ) : null}
    </section>
  );
}
