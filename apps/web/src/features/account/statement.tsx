import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  type DealRewards,
  formatDateTime,
  formatMoney,
  formatMonthYear,
  type HistoryMonth,
  invoiceWindowOpen,
  monthIn,
  type ReceiptLink,
  type StatementTopUp,
} from '@vendo/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { receiptHref } from '../../lib/frame/receipt-link.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { modeLabels, topUpOutcomeLabels } from './account-messages.ts';

/**
 * Issue 35 point 5: one month of the history as a statement, under the totals the provider computed over the
 * whole month; a provider without a statement gets the plain list, as before.
 */
export function StatementMonth({ month, children }: { month: HistoryMonth; children: ReactNode }) {
  const headingId = useId();
  const locale = currentLocale();
  if (month.month === null) return children;
  return (
    <section className="vendo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{formatMonthYear(`${month.month}-01`, locale)}</h2>
      {month.totals.map((totals) => (
        <p key={totals.currency}>
          <Trans>
            Spent {formatMoney(totals.spent, locale, totals.currency)} · Topped up{' '}
            {formatMoney(totals.topped_up, locale, totals.currency)}
          </Trans>
        </p>
      ))}
      {children}
    </section>
  );
}

/** A top-up in the statement: how it was made, when, how much, and how it ended. */
export function TopUpLine({ topUp, timeZone }: { topUp: StatementTopUp; timeZone: string | undefined }) {
  const { i18n } = useLingui();
  const locale = currentLocale();
  return (
    <p className="vendo-statement-top-up">
      <span>
        <strong>{i18n._(modeLabels[topUp.mode])}</strong> · {formatDateTime(topUp.created_at, locale, timeZone)}
      </span>{' '}
      <span>
        {formatMoney(topUp.amount, locale, topUp.currency)} · {i18n._(topUpOutcomeLabels[topUp.outcome])}
      </span>
      {/* Issue 37 point 2: a transfer is named by its tracking key, as the member's bank names it. */}
      {topUp.tracking_key ? (
        <>
          {' '}
          <span>
            <Trans>Tracking key {topUp.tracking_key}</Trans>
          </span>
        </>
      ) : null}
    </p>
  );
}

/**
 * Issue 36 point 3: what a purchase earned and used of the reward programs, or the bonus a top-up earned,
 * in words; nothing where there is none (or the provider has no programs).
 */
export function RewardsLine({
  rewards,
  bonusEarned = 0,
  currency,
}: {
  rewards?: Pick<DealRewards, 'stamps' | 'reward_used' | 'bonus_paid'> | undefined;
  bonusEarned?: number | undefined;
  currency?: string | undefined;
}) {
  const money = (amount: number) => formatMoney(amount, currentLocale(), currency);
  const words = [
    rewards?.reward_used ? <Trans key="reward">Paid with a reward</Trans> : null,
    rewards?.stamps ? <Plural key="stamps" value={rewards.stamps} one="+# stamp" other="+# stamps" /> : null,
    rewards?.bonus_paid ? <Trans key="spent">{money(rewards.bonus_paid)} of bonus credit spent</Trans> : null,
    bonusEarned ? <Trans key="earned">+{money(bonusEarned)} bonus credit</Trans> : null,
  ].filter((word) => word !== null);
  if (words.length === 0) return null;
  return <p className="vendo-statement-rewards">{words.map((word, index) => (index === 0 ? word : [' · ', word]))}</p>;
}

/** The link to an entry's receipt, where it has one (issue 35 point 3). */
export function ReceiptAnchor({ receipt }: { receipt: ReceiptLink | null }) {
  if (!receipt) return null;
  return (
    <Link className="vendo-statement-receipt" href={receiptHref(receipt.kind, receipt.id)}>
      {receipt.kind === 'deal' ? <Trans>Receipt of this purchase</Trans> : <Trans>Receipt of this top-up</Trans>}
    </Link>
  );
}

/**
 * Issue 37 point 3: a credited top-up's invoice on its history line, where the provider says whether it is
 * invoiced: issued, asked for from its receipt while the Mexico City month it was paid in is open, or why not.
 */
export function TopUpInvoiceLine({ topUp, receipt }: { topUp: StatementTopUp; receipt: ReceiptLink | null }) {
  if (topUp.invoiced === undefined || topUp.outcome !== 'paid' || !receipt) return null;
  const paidAt = new Date(topUp.paid_at ?? topUp.created_at);
  if (topUp.invoiced) {
    return (
      <p className="vendo-statement-invoice">
        <Trans>Invoiced</Trans>
      </p>
    );
  }
  if (!invoiceWindowOpen(paidAt, new Date())) {
    const month = formatMonthYear(monthIn(paidAt), currentLocale());
    return (
      <p className="vendo-statement-invoice">
        <Trans>You can only invoice a payment in the month it was made; this payment was made in {month}.</Trans>
      </p>
    );
  }
  return (
    <Link className="vendo-statement-receipt" href={receiptHref(receipt.kind, receipt.id)}>
      <Trans>Request an invoice</Trans>
    </Link>
  );
}
