import { Trans, useLingui } from '@lingui/react/macro';
import {
  type BalanceRefund,
  type BalanceRefundPart,
  type BalanceRefundPlanPart,
  cardBrandName,
  formatDateTime,
  formatMoney,
} from '@vendo/core';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { refundRefusalMessages, refundStatusMessages } from './balance-refund-messages.ts';

type Part = Pick<BalanceRefundPlanPart, 'way' | 'card_brand' | 'card_last4' | 'amount'>;

/** Where a part goes: "$120.00 a tu Visa •••• 4242", "$30.00 por SPEI a tu cuenta". */
function PartLine({ part, currency, clabeLast4 = null }: { part: Part; currency: string; clabeLast4?: string | null }) {
  const amount = formatMoney(part.amount, currentLocale(), currency);
  if (part.way === 'card' && part.card_last4 === null) {
    // Paid on the provider's checkout page: no saved card names it.
    return <Trans>{amount} to the card you paid with on the payment page</Trans>;
  }
  if (part.way === 'card') {
    const brand = cardBrandName(part.card_brand ?? '');
    const last4 = part.card_last4 ?? '';
    return (
      <Trans>
        {amount} to your {brand} •••• {last4}
      </Trans>
    );
  }
  return clabeLast4 ? (
    <Trans>
      {amount} by SPEI to the account ending {clabeLast4}
    </Trans>
  ) : (
    <Trans>{amount} by SPEI to your account</Trans>
  );
}

/** The plan's parts, newest first as the plan lists them. */
export function PlanParts({ parts, currency }: { parts: readonly Part[]; currency: string }) {
  return (
    <ul className="vendo-refund-parts">
      {parts.map((part) => (
        <li key={`${part.way}-${part.card_last4 ?? ''}`}>
          <PartLine part={part} currency={currency} />
        </li>
      ))}
    </ul>
  );
}

/** Issue 37 point 4: a refund's state, then each part's; a refusal says why and that the money is back. */
export function RefundState({ refund }: { refund: BalanceRefund }) {
  const { i18n } = useLingui();
  const locale = currentLocale();
  const total = formatMoney(refund.amount, locale, refund.currency);
  const status = i18n._(refundStatusMessages[refund.status]);
  const asked = formatDateTime(refund.requested_at, locale);
  return (
    <section className="vendo-section" aria-labelledby="refund-state">
      <h2 id="refund-state">
        <Trans>Your refund of {total}</Trans>
      </h2>
      <p>
        <strong>{status}</strong> · <Trans>asked on {asked}</Trans>
      </p>
      {refund.bonus_kept > 0 ? (
        <p>
          <Trans>
            {formatMoney(refund.bonus_kept, locale, refund.currency)} of it stayed with the machine's operator for bonus
            credit already used.
          </Trans>
        </p>
      ) : null}
      {refund.status === 'refused' ? (
        <p>
          {refund.refusal ? `${i18n._(refundRefusalMessages[refund.refusal])} ` : null}
          <Trans>The money is back in your balance.</Trans>
        </p>
      ) : null}
      <ul className="vendo-refund-parts">
        {refund.parts.map((part: BalanceRefundPart) => (
          <li key={`${part.way}-${part.card_last4 ?? part.clabe_last4 ?? ''}`}>
            <PartLine part={part} currency={refund.currency} clabeLast4={part.clabe_last4} />
            {': '}
            {i18n._(refundStatusMessages[part.status])}
          </li>
        ))}
      </ul>
    </section>
  );
}
