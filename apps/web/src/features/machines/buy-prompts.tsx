import { Trans, useLingui } from '@lingui/react/macro';
import { type BuyMachine, type BuyView, cardBrandName, formatMoney } from '@vendo/core';
import { Button, Modal, Notice, Select } from '@vendo/ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { OfflineWarning } from '../../lib/frame/offline-warning.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';

/** The buy flow's modals: direct payment (spec §4), a card to add, and a retry when nothing answered. */
export function BuyPrompts({
  flow,
  view,
  currency,
}: {
  flow: ActorRefFrom<BuyMachine>;
  view: BuyView;
  currency: string;
}) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const newest = [...view.cards].sort((a, b) => b.id - a.id)[0];
  const [cardId, setCardId] = useState<string>('');
  const chosen = cardId || (newest ? String(newest.id) : '');
  const amount = formatMoney(view.amountToLoad, currentLocale(), currency);
  const goBack = () => flow.send({ type: 'offline.back' });
  return (
    <>
      <OfflineWarning
        open={view.offlineWarning}
        title={t`This machine is offline`}
        onBack={goBack}
        labels={{ back: t`Go back`, close: t`Close` }}
      >
        <Trans>It cannot sell while it is offline. Go back and try again once it is online.</Trans>
      </OfflineWarning>
      <Modal
        open={view.directPayment}
        title={t`Pay the difference by card`}
        closeLabel={t`Cancel`}
        onClose={() => flow.send({ type: 'direct-payment.cancelled' })}
      >
        <p>
          <Trans>Your balance does not cover this product. We will load {amount} from your card and buy it.</Trans>
        </p>
        {view.cards.length > 0 ? (
          <>
            <Select
              label={t`Card`}
              value={chosen}
              options={view.cards.map((card) => ({
                value: String(card.id),
                label: `${cardBrandName(card.brand)} ${card.card_number.slice(-4)}`,
              }))}
              onChange={(event) => setCardId(event.target.value)}
            />
            <Button
              width="full"
              onClick={() => flow.send({ type: 'direct-payment.confirmed', cardId: Number(chosen) })}
            >
              <Trans>Load {amount} and buy</Trans>
            </Button>
          </>
        ) : (
          <Button width="full" onClick={() => navigate(href('addPaymentMethod'))}>
            <Trans>Add a card</Trans>
          </Button>
        )}
      </Modal>
      <Modal
        open={view.needsCard}
        title={t`No cards registered`}
        closeLabel={t`Close`}
        onClose={() => flow.send({ type: 'prompt.closed' })}
      >
        <p>
          <Trans>You have no cards registered yet. Add one to top up your balance.</Trans>
        </p>
        <Button width="full" onClick={() => navigate(href('addPaymentMethod'))}>
          <Trans>Add a card</Trans>
        </Button>
      </Modal>
      <Modal
        open={view.unsent}
        title={t`No answer from Vendo`}
        closeLabel={t`Close`}
        onClose={() => flow.send({ type: 'prompt.closed' })}
      >
        <Notice tone="warning">
          <Trans>We could not reach Vendo. Try again: you will not be charged twice.</Trans>
        </Notice>
        <Button width="full" onClick={() => flow.send({ type: 'buy.retried' })}>
          <Trans>Try again</Trans>
        </Button>
      </Modal>
    </>
  );
}
