import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  type BonusCredit,
  formatDateTime,
  formatMoney,
  type RewardProgram,
  type StampCardProgram,
  stampCardLine,
  type TopUpBonusProgram,
} from '@vendo/core';
import { DetailList, LoadState, loadStatus } from '@vendo/ui';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { WithRewards } from '../../lib/frame/with-rewards.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { useSession } from '../../lib/session.tsx';

/** Issue 36 point 3: "Mis recompensas": every program running or kept, the member's progress, their bonus credit. */
export default function Rewards() {
  const session = useSession();
  const { t } = useLingui();
  if (!session.member) return null;
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>My rewards</Trans>
        </h1>
        <WithRewards memberId={session.member.id} machineId={null}>
          {(rewards, retry) => (
            <LoadState
              status={loadStatus({
                loading: rewards?.loading ?? true,
                failed: rewards?.problem != null,
                empty:
                  rewards !== null && (rewards.none || (rewards.programs.length === 0 && rewards.bonus.length === 0)),
              })}
              loadingLabel={t`Loading your rewards…`}
              failure={{
                title: t`Your rewards could not be loaded`,
                action: { label: t`Try again`, onSelect: retry },
              }}
              empty={{
                title: t`No rewards here yet`,
                description: t`When the machines you use run a stamp card or a top-up bonus, it shows here.`,
              }}
            >
              {rewards?.stampCards.map((program) => (
                <StampCard key={program.id} program={program} />
              ))}
              {rewards?.topUpBonuses.map((program) => (
                <TopUpBonus key={program.id} program={program} />
              ))}
              {rewards && rewards.bonus.length > 0 ? <BonusCredits bonus={rewards.bonus} /> : null}
            </LoadState>
          )}
        </WithRewards>
      </main>
    </>
  );
}

/** Where a program runs, and until when what it gave is kept. */
function useProgramRows(program: RewardProgram): [string, string][] {
  const { t } = useLingui();
  const locale = currentLocale();
  return [
    [t`Operator`, program.operator_name],
    [t`Machines`, program.product_server_id === null ? t`All of the operator's` : t`One machine`],
    ...(program.ends_at ? [[t`Ends`, formatDateTime(program.ends_at, locale)] as [string, string]] : []),
    ...(program.kept_until && !program.active
      ? [[t`What you earned is kept until`, formatDateTime(program.kept_until, locale)] as [string, string]]
      : []),
  ];
}

function StampCard({ program }: { program: StampCardProgram }) {
  const { t } = useLingui();
  const line = stampCardLine(program);
  const { stamps, needed } = line;
  const money = (amount: number) => formatMoney(amount, currentLocale(), program.currency);
  const cap = money(line.cap);
  const min = money(program.stamp_card.min_price);
  const rows = useProgramRows(program);
  return (
    <section className="vendo-section" aria-labelledby={`program-${program.id}`}>
      <h2 id={`program-${program.id}`}>{program.name}</h2>
      <p>
        <Trans>
          {stamps} of {needed} stamps. Each purchase from {min} earns a stamp; at {needed}, your next purchase is free
          up to {cap}.
        </Trans>
      </p>
      {line.rewards > 0 ? (
        <p>
          <strong>
            <Plural
              value={line.rewards}
              one="You have a reward to use: choose it on a product's page."
              other="You have # rewards to use: choose one on a product's page."
            />
          </strong>
        </p>
      ) : null}
      {!program.active ? <p>{t`This stamp card has ended: it earns no more stamps.`}</p> : null}
      <DetailList rows={rows} />
    </section>
  );
}

function TopUpBonus({ program }: { program: TopUpBonusProgram }) {
  const { t } = useLingui();
  const money = (amount: number) => formatMoney(amount, currentLocale(), program.currency);
  const rows = useProgramRows(program);
  const days = program.top_up_bonus.valid_days;
  return (
    <section className="vendo-section" aria-labelledby={`program-${program.id}`}>
      <h2 id={`program-${program.id}`}>{program.name}</h2>
      <ul>
        {program.top_up_bonus.tiers.map((tier) => (
          <li key={tier.from}>
            <Trans>
              Top up {money(tier.from)} or more: +{tier.percent}% bonus credit
            </Trans>
          </li>
        ))}
      </ul>
      <p>
        <Trans>Bonus credit is spent after your own money, at this operator's machines only, within {days} days.</Trans>
      </p>
      {!program.active ? <p>{t`This bonus has ended: top-ups earn no more bonus credit.`}</p> : null}
      <DetailList rows={rows} />
    </section>
  );
}

function BonusCredits({ bonus }: { bonus: readonly BonusCredit[] }) {
  const { t } = useLingui();
  const locale = currentLocale();
  return (
    <section className="vendo-section" aria-labelledby="bonus-credit">
      <h2 id="bonus-credit">
        <Trans>Your bonus credit</Trans>
      </h2>
      <DetailList
        rows={bonus.map((credit) => [
          t`${formatMoney(credit.amount, locale, credit.currency)} at ${credit.operator_name}`,
          t`until ${formatDateTime(credit.expires_at, locale)}`,
        ])}
      />
    </section>
  );
}
