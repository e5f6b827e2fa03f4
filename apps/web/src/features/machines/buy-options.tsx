import { Trans, useLingui } from '@lingui/react/macro';
import {
  type BuyMachine,
  bonusTotal,
  type ProductServerItem,
  purchaseRewards,
  type RewardsView,
  type SaleOption,
  SaleType,
  saleOptionsOf,
} from '@vendo/core';
import { Button } from '@vendo/ui';
import type { ActorRefFrom } from 'xstate';
import { WithRewards } from '../../lib/frame/with-rewards.tsx';

interface BuyOptionsProps {
  readonly memberId: number | null;
  readonly machineId: number;
  readonly product: ProductServerItem;
  readonly currency: string;
  readonly buy: { readonly flow: ActorRefFrom<BuyMachine>; readonly view: { readonly creating: boolean } };
  readonly money: (amount: number) => string;
}

/**
 * The product page's ways to buy (spec §4 sale types), each saying what it costs, and with the machine's
 * stamp card (issue 36 point 3) what the purchase earns, or the reward the member may choose to use on it.
 */
export function BuyOptions(props: BuyOptionsProps) {
  return (
    <WithRewards memberId={props.memberId} machineId={props.machineId}>
      {(rewards) => <Options {...props} rewards={rewards} />}
    </WithRewards>
  );
}

function Options({ product, currency, buy, money, rewards }: BuyOptionsProps & { rewards: RewardsView | null }) {
  const { t } = useLingui();
  const options = saleOptionsOf(product);
  const bonus = rewards ? bonusTotal(rewards.bonus, currency) : 0;
  // The stamp card speaks of the first paid way to buy it the machine still holds.
  const paid = options.find((option) => option.saleType !== SaleType.sample && !option.soldOut);
  const card = rewards && paid ? purchaseRewards(rewards.programs, { ...paid, currency }) : null;
  const request = (option: SaleOption, reward: { programId: number; pays: number } | null = null) =>
    buy.flow.send({
      type: 'buy.requested',
      request: { product, saleType: option.saleType, anyProduct: false, reward, bonus },
    });
  return (
    <>
      {card?.earns ? (
        <p>
          <StampNote stamps={card.earns.stamp_card.stamps} needed={card.earns.stamp_card.stamps_needed} />
        </p>
      ) : card?.tooCheap ? (
        <p>
          <Trans>Purchases from {money(card.tooCheap.stamp_card.min_price)} earn a stamp.</Trans>
        </p>
      ) : null}
      {options.map((option, index) => (
        <Button
          key={option.saleType}
          width="full"
          variant={index === 0 ? 'primary' : 'secondary'}
          disabled={option.soldOut}
          busy={buy.view.creating}
          busyLabel={t`Buying…`}
          onClick={() => request(option)}
        >
          <SaleLabel option={option} price={money(option.price)} />
        </Button>
      ))}
      {/* Issue 36 point 1: a reward is used only when the member chooses it, and says before what it costs. */}
      {paid && card?.reward ? (
        <Button
          width="full"
          variant="secondary"
          busy={buy.view.creating}
          busyLabel={t`Buying…`}
          onClick={() => card.reward && request(paid, { programId: card.reward.program.id, pays: card.reward.pays })}
        >
          {card.reward.pays === 0 ? (
            <Trans>Use my reward: free</Trans>
          ) : (
            <Trans>Use my reward: pay {money(card.reward.pays)}</Trans>
          )}
        </Button>
      ) : null}
    </>
  );
}

/** What one more stamp does: the card's count after it, or that it fills the card. */
function StampNote({ stamps, needed }: { stamps: number; needed: number }) {
  const after = stamps + 1;
  if (after >= needed) return <Trans>This purchase fills your stamp card: your next one is free.</Trans>;
  return (
    <Trans>
      This purchase earns a stamp: {after} of {needed}.
    </Trans>
  );
}

/** Issue 15 point 2: each button says what it costs, so buying a sampleable product is never mistaken for the sample. */
function SaleLabel({ option, price }: { option: SaleOption; price: string }) {
  // Issue 35 point 1: a button that cannot be pressed says why.
  if (option.soldOut) return <Trans>Sold out: the machine has none left</Trans>;
  if (option.saleType === SaleType.sample) return <Trans>Take a free sample</Trans>;
  if (option.saleType === SaleType.sale) return <Trans>Buy for {price}</Trans>;
  return <Trans>Pay {price} for this service</Trans>;
}
