import { Trans, useLingui } from '@lingui/react/macro';
import {
  awaitedReferences,
  formatDateTime,
  formatMoney,
  type PendingTopUp,
  pendingReference,
  pendingTopUpsActors,
  pendingTopUpsMachine,
  pendingTopUpsView,
  pendingTotal,
} from '@vendo/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { ReceiptLink } from '../../lib/frame/receipt-link.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { readAwaited, writeAwaited } from '../../lib/platform/awaited-references.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { Barcode } from './barcode.tsx';

/**
 * Issue 37 point 1: "Pagos pendientes". The member's store references found again: what each will credit, its
 * number and barcode, where to pay it and the time left; an expired one says it can no longer be paid, a
 * credited one links its receipt. Above them, what they will credit ("$100.00 por acreditar"). A provider that
 * keeps no references shows nothing.
 */
export function PendingTopUps({ memberId, currency }: { memberId: number; currency: string }) {
  const { api } = usePlatform();
  const flow = useFlow(pendingTopUpsMachine, pendingTopUpsActors({ api }), { memberId });
  const view = useSelector(flow, pendingTopUpsView);
  // Those shown still payable are told to the member once a read brings them credited (reference-credits.tsx).
  useEffect(() => {
    if (view.references.length > 0) writeAwaited(awaitedReferences(readAwaited(), view.references));
  }, [view.references]);
  if (view.references.length === 0) return null;
  const now = new Date();
  const total = pendingTotal(view.references, currency, now);
  return (
    <section className="vendo-section" aria-labelledby="pending-top-ups">
      <h2 id="pending-top-ups">
        <Trans>Pending payments</Trans>
      </h2>
      {total > 0 ? (
        <p>
          <Trans>{formatMoney(total, currentLocale(), currency)} to be credited</Trans>
        </p>
      ) : null}
      <ul className="vendo-pending">
        {view.references.map((reference) => (
          <li key={reference.id}>
            <Reference reference={reference} memberId={memberId} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Reference({ reference, memberId, now }: { reference: PendingTopUp; memberId: number; now: Date }) {
  const { t } = useLingui();
  const locale = currentLocale();
  const shown = pendingReference(reference, now);
  const amount = formatMoney(shown.amount, locale, shown.currency);
  const number = shown.reference;
  if (shown.status === 'credited') {
    const when = formatDateTime(shown.credited_at ?? shown.created_at, locale);
    return (
      <>
        <p>
          <Trans>
            <strong>{amount}</strong> · credited on {when}
          </Trans>
        </p>
        <ReceiptLink memberId={memberId} kind="top_up" id={shown.id} label={t`See the receipt`} />
      </>
    );
  }
  if (shown.status === 'expired') {
    return (
      <p>
        <Trans>
          <strong>{amount}</strong> · reference {number} expired: it can no longer be paid. Ask for a new one.
        </Trans>
      </p>
    );
  }
  const { hours, minutes } = shown.left;
  const stores = shown.stores.join(', ');
  return (
    <>
      <p>
        <Trans>
          <strong>{amount}</strong> · reference <span className="vendo-code">{number}</span>
        </Trans>
      </p>
      <Barcode value={shown.digits} label={t`Barcode of reference ${number}`} />
      <p>
        <Trans>Pay it in cash at: {stores}.</Trans>
      </p>
      <p>
        <Trans>
          Expires in {hours} h {minutes} min.
        </Trans>
      </p>
    </>
  );
}
