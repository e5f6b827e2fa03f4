import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatDateTime,
  formatMoney,
  formatMonthYear,
  type HistoryMonth,
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
    </p>
  );
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
