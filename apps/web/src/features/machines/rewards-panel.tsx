import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { bonusTotal, formatMoney, stampCardLine } from '@vendo/core';
import { WithRewards } from '../../lib/frame/with-rewards.tsx';
import { appLocaleOf } from '../../lib/i18n/i18n.ts';

/**
 * Issue 36 point 3: the machine's stamp cards with the member's progress ("3 de 8"), the rewards to use,
 * and the bonus credit they may spend here. A provider without programs, or a machine without any, shows
 * nothing.
 */
export default function RewardsPanel({
  memberId,
  machineId,
  currency,
}: {
  memberId: number;
  machineId: number;
  currency: string;
}) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, appLocaleOf(i18n.locale), currency);
  return (
    <WithRewards memberId={memberId} machineId={machineId}>
      {(rewards) => {
        const bonus = rewards ? bonusTotal(rewards.bonus, currency) : 0;
        if (!rewards || (rewards.stampCards.length === 0 && bonus === 0)) return null;
        return (
          <section className="vendo-rewards" aria-label={t`Your rewards here`}>
            {rewards.stampCards.map((program) => {
              const line = stampCardLine(program);
              const { stamps, needed } = line;
              const cap = money(line.cap);
              return (
                <div key={program.id} className="vendo-rewards__card">
                  <h2 className="vendo-rewards__title">{program.name}</h2>
                  <p>
                    <Trans>
                      {stamps} of {needed} stamps: at {needed}, your next purchase is free (up to {cap}).
                    </Trans>
                  </p>
                  <StampDots stamps={line.stamps} needed={line.needed} />
                  {line.rewards > 0 ? (
                    <p className="vendo-rewards__ready">
                      <Plural
                        value={line.rewards}
                        one="You have a reward: choose a product and use it."
                        other="You have # rewards: choose a product and use one."
                      />
                    </p>
                  ) : null}
                </div>
              );
            })}
            {bonus > 0 ? (
              <p>
                <Trans>Bonus credit to spend here: {money(bonus)}</Trans>
              </p>
            ) : null}
          </section>
        );
      }}
    </WithRewards>
  );
}

/** The card drawn as stamps; the sentence above says it in words. */
function StampDots({ stamps, needed }: { stamps: number; needed: number }) {
  return (
    <ol className="vendo-rewards__stamps" aria-hidden="true">
      {Array.from({ length: needed }, (_, index) => (
        // The stamps of one card never reorder: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: a stamp is its place on the card
        <li key={index} className={index < stamps ? 'vendo-rewards__stamp--on' : undefined} />
      ))}
    </ol>
  );
}
