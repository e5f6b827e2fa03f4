import { Trans, useLingui } from '@lingui/react/macro';
import {
  cardBrandName,
  formatDateTime,
  formatMoney,
  type Receipt as ReceiptData,
  type ReceiptPayment,
  type ReceiptView,
  receiptActors,
  receiptKindOf,
  receiptMachine,
  receiptView,
} from '@vendo/core';
import { Button, DetailList, LoadState, loadStatus, Notice } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';

/** Issue 37 point 3: a credited top-up's invoice, its code loaded with the receipt that shows it. */
const TopUpInvoice = lazy(() => import('./invoices/top-up-invoice.tsx'));

/**
 * Issue 35 point 3: `/receipt/deal/:id` and `/receipt/top-up/:id`, the member's receipt of a delivered
 * purchase or a credited top-up: its folio, what, where, how it was paid, when (in the machine's time zone)
 * and the balance after. It prints as one page and shares as text and a link.
 */
export default function Receipt() {
  const session = useSession();
  const { kind = '', receiptId = '' } = useParams<{ kind: string; receiptId: string }>();
  const receiptKind = receiptKindOf(kind);
  const id = Number(receiptId);
  if (!session.member) return null;
  if (!receiptKind || !Number.isInteger(id) || id <= 0) return <Redirect to={href('history')} replace />;
  return <ReceiptScreen key={`${receiptKind}-${id}`} memberId={session.member.id} kind={receiptKind} id={id} />;
}

function ReceiptScreen({ memberId, kind, id }: { memberId: number; kind: 'deal' | 'top_up'; id: number }) {
  const { api } = usePlatform();
  const { t } = useLingui();
  const flow = useFlow(receiptMachine, receiptActors({ api }), { memberId, kind, id });
  const view = useSelector(flow, receiptView);
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <LoadState
          status={loadStatus({ loading: view.loading, failed: view.problem !== null })}
          loadingLabel={t`Loading the receipt…`}
          failure={
            view.problem === 'missing'
              ? {
                  title: t`There is no receipt for this`,
                  description: t`A receipt is made once a purchase is delivered or a top-up is credited.`,
                }
              : {
                  title: t`The receipt could not be loaded`,
                  action: { label: t`Try again`, onSelect: () => flow.send({ type: 'receipt.retried' }) },
                }
          }
        >
          {view.receipt ? (
            <ReceiptDetail receipt={view.receipt}>
              <MailReceipt view={view} onSend={() => flow.send({ type: 'receipt.mailed' })} />
            </ReceiptDetail>
          ) : null}
          {/* Issue 37 point 3: a credited top-up's invoice; nothing of it where the provider has none. */}
          {view.receipt?.kind === 'top_up' ? (
            <Suspense fallback={null}>
              <TopUpInvoice memberId={memberId} topUpId={id} paidAt={view.receipt.issued_at} />
            </Suspense>
          ) : null}
        </LoadState>
      </main>
    </>
  );
}

/**
 * Issue 35 point 4: "Enviar a mi correo", for a member whose e-mail is confirmed; one whose e-mail is not is
 * told where to confirm it. A provider that says nothing of confirmation offers neither.
 */
function MailReceipt({ view, onSend }: { view: ReceiptView; onSend: () => void }) {
  const { t } = useLingui();
  const { member } = useSession();
  const confirmed = member?.email_confirmed;
  if (confirmed === undefined) return null;
  if (!confirmed || view.mailProblem === 'notConfirmed') {
    return (
      <p>
        <Trans>
          Confirm your email to have receipts sent to it: <Link href={href('editProfile')}>edit my profile</Link>.
        </Trans>
      </p>
    );
  }
  return (
    <>
      <Button width="full" variant="secondary" busy={view.mailing} busyLabel={t`Sending…`} onClick={onSend}>
        <Trans>Send to my email</Trans>
      </Button>
      {view.mailed ? (
        <Notice tone="info">
          <Trans>On its way to {member?.email}.</Trans>
        </Notice>
      ) : view.mailProblem === 'tooOften' ? (
        <Notice tone="error">
          <Trans>You asked for this receipt a moment ago. Wait a minute and try again.</Trans>
        </Notice>
      ) : view.mailProblem === 'tooMany' ? (
        <Notice tone="error">
          <Trans>You have had many receipts sent this hour. Try again later.</Trans>
        </Notice>
      ) : view.mailProblem === 'failed' ? (
        <Notice tone="error">
          <Trans>The receipt could not be sent. Check your connection and try again.</Trans>
        </Notice>
      ) : null}
    </>
  );
}

function ReceiptDetail({ receipt, children }: { receipt: ReceiptData; children: ReactNode }) {
  const { t } = useLingui();
  const locale = currentLocale();
  const money = (amount: number) => formatMoney(amount, locale, receipt.currency);
  const [copied, setCopied] = useState<boolean | null>(null);
  /** How the money moved, as the member knows it: "Saldo", "Visa •••• 1111", a store reference. */
  const paymentText = (payment: ReceiptPayment): string => {
    const brand = payment.card_brand ? cardBrandName(payment.card_brand) : '';
    const card = `${brand} •••• ${payment.card_last4 ?? ''}`.trim();
    switch (payment.method) {
      case 'balance':
        return t`Balance`;
      case 'card':
        return card;
      case 'voucher':
        return t`Meal-voucher card ${card}`;
      case 'checkout':
        return t`Card, on the payment page`;
      case 'reference':
        return t`Store reference ${payment.reference ?? ''}`;
      case 'spei':
        return t`SPEI transfer, tracking key ${payment.reference ?? ''}`;
      default:
        return t`Free sample`;
    }
  };
  // Issue 36 point 3: the receipt lists what the movement earned and used of the reward programs.
  const rewardRows = (rewards: ReceiptData['rewards']): [string, string][] =>
    rewards
      ? [
          ...(rewards.reward_used ? [[t`Reward`, t`Used on this purchase`] as [string, string]] : []),
          ...(rewards.stamps ? [[t`Stamps earned`, String(rewards.stamps)] as [string, string]] : []),
          ...(rewards.bonus_paid ? [[t`Bonus credit spent`, money(rewards.bonus_paid)] as [string, string]] : []),
          ...(rewards.bonus_earned ? [[t`Bonus credit earned`, money(rewards.bonus_earned)] as [string, string]] : []),
        ]
      : [];
  const what =
    receipt.kind === 'top_up'
      ? t`Balance top-up`
      : receipt.sample
        ? t`${receipt.product?.name ?? ''} (free sample)`
        : (receipt.product?.name ?? '—');
  const rows: [string, string][] = [
    [t`Folio`, receipt.folio],
    ...(receipt.machine ? [[t`Machine`, `@${receipt.machine.name}`] as [string, string]] : []),
    [receipt.kind === 'top_up' ? t`Concept` : t`Product`, what],
    [receipt.kind === 'top_up' ? t`Amount` : t`Price`, receipt.sample ? t`Free sample` : money(receipt.amount)],
    [t`Paid with`, paymentText(receipt.payment)],
    [t`Date`, formatDateTime(receipt.issued_at, locale, receipt.time_zone)],
    [t`Balance after`, money(receipt.balance_after)],
    ...rewardRows(receipt.rewards),
  ];
  const shareText = rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  async function share() {
    const title = t`Vendo receipt ${receipt.folio}`;
    if (navigator.share) {
      await navigator.share({ title, text: shareText, url: window.location.href }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(`${title}\n${shareText}\n${window.location.href}`);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <article className="vendo-receipt vendo-form" aria-labelledby="receipt-title">
      <h1 id="receipt-title">
        <Trans>Receipt {receipt.folio}</Trans>
      </h1>
      <DetailList rows={rows} />
      <div className="vendo-receipt__actions vendo-form">
        <Button width="full" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
        <Button width="full" variant="secondary" onClick={share}>
          <Trans>Share</Trans>
        </Button>
        {children}
        {copied === true ? (
          <Notice tone="info">
            <Trans>Receipt copied: paste it wherever you like.</Trans>
          </Notice>
        ) : copied === false ? (
          <Notice tone="error">
            <Trans>This browser would not copy the receipt. Print it instead.</Trans>
          </Notice>
        ) : null}
      </div>
    </article>
  );
}
