import { Trans, useLingui } from '@lingui/react/macro';
import {
  type Deal,
  dealOutcome,
  formatDateTime,
  formatMoney,
  historyActors,
  historyMachine,
  historyView,
  mayReportProblem,
  type ProblemReason,
} from '@vendo/core';
import { Button, DetailList, ListButton, LoadState, loadStatus, Modal, Notice, Select } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { outcomeLabels } from './account-messages.ts';
import { ReceiptAnchor, RewardsLine, StatementMonth, TopUpInvoiceLine, TopUpLine } from './statement.tsx';

/**
 * Spec §2 `/history`: past deals newest first, a page at a time with "Show more" at the end (issue 32
 * point 8), one in detail, and "Report a problem" (Vendo's addition).
 */
export default function History() {
  const session = useSession();
  if (!session.member) return null;
  return <Deals memberId={session.member.id} />;
}

function Deals({ memberId }: { memberId: number }) {
  const { api } = usePlatform();
  const { t, i18n } = useLingui();
  // A refund changes the balance the header shows: the flow tells the session.
  const flow = useFlow(historyMachine, historyActors({ api }), { memberId, session: Session.useActorRef() });
  const state = useSelector(flow, historyView);
  const report = state.report;

  const locale = currentLocale();
  const zone = state.timeZone ?? undefined;
  const when = (deal: Deal) => (deal.deal_date ? formatDateTime(deal.deal_date, locale, zone) : '');
  const amount = (deal: Deal) => formatMoney(deal.cash_paid ?? deal.product?.price ?? 0, locale);
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>History</Trans>
        </h1>
        <LoadState
          status={loadStatus({ loading: state.loading, failed: state.failed, empty: state.months.length === 0 })}
          loadingLabel={t`Loading your purchases…`}
          failure={{
            title: t`Your purchases could not be loaded`,
            action: { label: t`Try again`, onSelect: () => flow.send({ type: 'history.retried' }) },
          }}
          empty={{ title: t`No purchases yet`, description: t`What you buy at a machine shows here.` }}
        >
          {state.months.map((month) => (
            <StatementMonth key={month.month ?? 'all'} month={month}>
              <ul className="vendo-list">
                {month.entries.map((entry) =>
                  entry.kind === 'deal' ? (
                    <li key={`deal-${entry.deal.id}`}>
                      <ListButton
                        title={entry.deal.product?.name ?? t`Any product`}
                        subtitle={`@${entry.deal.product_server_name ?? ''} · ${when(entry.deal)}`}
                        trailing={`${amount(entry.deal)} · ${i18n._(outcomeLabels[dealOutcome(entry.deal.delivery_status)])}`}
                        onSelect={() => flow.send({ type: 'deal.opened', dealId: entry.deal.id })}
                      />
                      <RewardsLine rewards={entry.deal.rewards} />
                      <ReceiptAnchor receipt={entry.receipt} />
                    </li>
                  ) : (
                    <li key={`top-up-${entry.topUp.id}`}>
                      <TopUpLine topUp={entry.topUp} timeZone={zone} />
                      <RewardsLine bonusEarned={entry.topUp.bonus} currency={entry.topUp.currency} />
                      <ReceiptAnchor receipt={entry.receipt} />
                      <TopUpInvoiceLine topUp={entry.topUp} receipt={entry.receipt} />
                    </li>
                  ),
                )}
              </ul>
            </StatementMonth>
          ))}
          {state.more && (
            <div className="vendo-form">
              {state.moreFailed && (
                <Notice tone="error">
                  <Trans>Older purchases could not be loaded. Try again.</Trans>
                </Notice>
              )}
              <Button
                width="full"
                variant="secondary"
                busy={state.loadingMore}
                busyLabel={t`Loading older purchases…`}
                onClick={() => flow.send({ type: 'more.requested' })}
              >
                <Trans>Show more</Trans>
              </Button>
            </div>
          )}
        </LoadState>
      </main>
      {state.open && (
        <DealDetail
          deal={state.open}
          when={when(state.open)}
          amount={amount(state.open)}
          refunded={report && report.refunded > 0 ? formatMoney(report.refunded, locale) : null}
          inReview={report?.outcome === 'in_review'}
          reported={Boolean(report)}
          reporting={state.reporting}
          failed={state.error !== null}
          onReport={(reason) => flow.send({ type: 'problem.reported', reason })}
          onClose={() => flow.send({ type: 'deal.closed' })}
        />
      )}
    </>
  );
}

function DealDetail(props: {
  deal: Deal;
  when: string;
  amount: string;
  refunded: string | null;
  /** The refund waits for a person (past the automatic bounds). */
  inReview: boolean;
  reported: boolean;
  reporting: boolean;
  failed: boolean;
  onReport: (reason: ProblemReason) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<ProblemReason>('not_delivered');
  const { deal, refunded } = props;
  const rows: [string, string][] = [
    [t`Machine`, `@${deal.product_server_name ?? ''}`],
    [t`Date`, props.when],
    [t`Amount`, props.amount],
    [t`Payment`, deal.payment_type?.name ?? '—'],
    [t`Status`, i18n._(outcomeLabels[dealOutcome(deal.delivery_status)])],
  ];
  return (
    <Modal open title={deal.product?.name ?? t`Any product`} closeLabel={t`Close`} onClose={props.onClose}>
      <DetailList rows={rows} />
      {props.reported ? (
        <Notice tone="info">
          {refunded ? (
            <Trans>Thank you. We returned {refunded} to your balance.</Trans>
          ) : props.inReview ? (
            <Trans>Thank you. A person will review your report and let you know about a refund.</Trans>
          ) : (
            <Trans>Thank you. We received your report.</Trans>
          )}
        </Notice>
      ) : (
        mayReportProblem(deal) && (
          <div className="vendo-form">
            <Select
              label={t`What went wrong?`}
              value={reason}
              options={[
                { value: 'not_delivered', label: t`I did not get my product` },
                { value: 'wrong_product', label: t`I got another product` },
                { value: 'other', label: t`Something else` },
              ]}
              onChange={(event) => setReason(event.target.value as ProblemReason)}
            />
            {props.failed && (
              <Notice tone="error">
                <Trans>Your report could not be sent. Try again.</Trans>
              </Notice>
            )}
            <Button width="full" busy={props.reporting} busyLabel={t`Sending…`} onClick={() => props.onReport(reason)}>
              <Trans>Report a problem</Trans>
            </Button>
          </div>
        )
      )}
    </Modal>
  );
}
