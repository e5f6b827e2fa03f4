import { Trans, useLingui } from '@lingui/react/macro';
import {
  cardBrandName,
  cardEnding,
  formatCardCharge,
  formatDateTime,
  formatMoney,
  httpUrl,
  type TopUpMachine,
  type TopUpView,
} from '@vendo/core';
import { Button, CodeDisplay, Modal } from '@vendo/ui';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { OfflineWarning } from '../../lib/frame/offline-warning.tsx';
import { ReceiptLink } from '../../lib/frame/receipt-link.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/** The top-up's modals (spec §2): offline-machine warning, confirmation, balance recharged, and a payment reference. */
export function TopUpPrompts({
  flow,
  view,
  returnTo = null,
  bonus = 0,
}: {
  flow: ActorRefFrom<TopUpMachine>;
  view: TopUpView;
  /** Issue 15 point 10: the product the member was buying, to go back to once the balance covers it. */
  returnTo?: string | null;
  /** Issue 36 point 3: the bonus credit this amount earns at the machine, repeated before paying. */
  bonus?: number;
}) {
  const { t } = useLingui();
  const session = useSession();
  const [, navigate] = useLocation();
  const money = (amount: number) => formatMoney(amount, currentLocale(), view.limits.currency);
  // What a card is charged names its currency (issue 15 point 15); a store reference is paid in cash.
  const amount =
    view.mode === 'card' || view.mode === 'redirect'
      ? formatCardCharge(view.amount ?? 0, currentLocale(), view.limits.currency)
      : money(view.amount ?? 0);
  const card = view.cards.find((saved) => saved.id === view.cardId);
  const close = () => flow.send({ type: 'result.closed' });
  const backToMachine = () => navigate(href(session.machine ? 'machineInventory' : 'machineSelection'));
  const goBack = () => {
    flow.send({ type: 'offline.back' });
    backToMachine();
  };
  const instructions = httpUrl(view.reference?.instructions_url);
  const brand = card ? cardBrandName(card.brand) : '';
  const last4 = card ? cardEnding(card) : '';
  const balance = session.balance === null ? '' : formatMoney(session.balance, currentLocale(), session.currency);
  const referenceAmount = money(view.reference?.amount ?? 0);
  const until = view.reference ? formatDateTime(view.reference.expires_at, currentLocale()) : '';
  return (
    <>
      <OfflineWarning
        open={view.offlineWarning}
        title={t`The machine you are trying to access is currently in offline mode`}
        onContinue={() => flow.send({ type: 'offline.continued' })}
        onBack={goBack}
        labels={{ continue: t`Continue`, back: t`Go back`, close: t`Close` }}
      >
        <Trans>Still want to add funds?</Trans>
      </OfflineWarning>
      <Modal
        open={view.confirming}
        title={t`Confirm your top-up`}
        closeLabel={t`Cancel`}
        onClose={() => flow.send({ type: 'confirm.cancelled' })}
        actions={
          <>
            <Button
              width="full"
              busy={view.paying}
              busyLabel={view.mode === 'reference' ? t`Getting your reference…` : t`Paying…`}
              onClick={() => flow.send({ type: 'confirm.accepted' })}
            >
              {/* A store reference is not a payment yet: the button says what it does (issue 15 point 16). */}
              {view.mode === 'reference' ? <Trans>Get a reference for {amount}</Trans> : <Trans>Pay {amount}</Trans>}
            </Button>
            <Button width="full" variant="secondary" onClick={() => flow.send({ type: 'confirm.cancelled' })}>
              <Trans>Cancel</Trans>
            </Button>
          </>
        }
      >
        <p>
          {view.mode === 'card' && card ? (
            <Trans>
              {amount} will be charged to your {brand} card ending in {last4}.
            </Trans>
          ) : view.mode === 'redirect' ? (
            <Trans>You will pay {amount} on the card provider's page; your card is not saved.</Trans>
          ) : (
            <Trans>You will get a reference to pay {amount} in a store.</Trans>
          )}
        </p>
        {bonus > 0 ? (
          <p>
            <Trans>
              Once it is credited you also get {money(bonus)} of bonus credit to spend at this machine's operator.
            </Trans>
          </p>
        ) : null}
      </Modal>
      <Modal open={view.recharged} title={t`Balance recharged`} closeLabel={t`Close`} onClose={close}>
        <p>
          <Trans>Your payment went through. Your balance is now {balance}.</Trans>
        </p>
        {view.rechargedBonus > 0 ? (
          <p>
            <Trans>You also got {money(view.rechargedBonus)} of bonus credit.</Trans>
          </p>
        ) : null}
        <Button
          width="full"
          onClick={() => {
            close();
            if (returnTo) navigate(returnTo);
            else backToMachine();
          }}
        >
          {returnTo ? <Trans>Back to the product</Trans> : <Trans>Back to the machine</Trans>}
        </Button>
        {session.member && view.rechargedTopUpId !== null ? (
          <ReceiptLink
            memberId={session.member.id}
            kind="top_up"
            id={view.rechargedTopUpId}
            label={t`See the receipt`}
          />
        ) : null}
      </Modal>
      <Modal open={view.reference !== null} title={t`Your payment reference`} closeLabel={t`Close`} onClose={close}>
        {view.reference && (
          <>
            <CodeDisplay label={t`Pay ${referenceAmount} with this reference`} code={view.reference.reference} />
            <p>
              <Trans>Valid until {until}.</Trans>
            </p>
            {instructions && (
              <a href={instructions} target="_blank" rel="noopener noreferrer">
                <Trans>How to pay with a reference</Trans>
              </a>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
