import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  type BalanceRefundMachine,
  type BalanceRefundView,
  balanceRefundActors,
  balanceRefundMachine,
  balanceRefundView,
  clabeAsTyped,
  formatMoney,
  isUnanswered,
  randomIdempotencyKey,
  serverMessage,
} from '@vendo/core';
import { Button, LoadState, loadStatus, Modal, Notice, TextField, useKeptCaret } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { submitForm } from '../../lib/frame/submit-form.ts';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { refundProblemMessages } from './balance-refund-messages.ts';
import { PlanParts, RefundState } from './balance-refund-parts.tsx';

type Flow = ActorRefFrom<BalanceRefundMachine>;

/** Issue 37 point 4, `/balance-refund`: "Recuperar mi saldo", the member's own money given back. */
export default function BalanceRefund() {
  const session = useSession();
  // Employee-number machines offer no top-up, so nothing of the member's own to give back here either.
  if (session.employeeMachine) return <Redirect to={href('machineInventory')} replace />;
  if (!session.member) return null;
  const { id, name } = session.member;
  // Balances are per currency: the pocket the header shows is the one given back.
  return (
    <Refund key={`${id}-${session.currency}`} memberId={id} memberName={name ?? null} currency={session.currency} />
  );
}

function Refund({ memberId, memberName, currency }: { memberId: number; memberName: string | null; currency: string }) {
  const { api } = usePlatform();
  const { t } = useLingui();
  const sessionRef = Session.useActorRef();
  const flow = useFlow(balanceRefundMachine, balanceRefundActors({ api }), {
    memberId,
    memberName,
    currency,
    newIdempotencyKey: randomIdempotencyKey,
    // The hold, and a refusal giving it back, change the header's balance: the session reads the member again.
    session: sessionRef,
  });
  const view = useSelector(flow, balanceRefundView);
  const session = useSession();
  const balance = session.balance === null ? null : formatMoney(session.balance, currentLocale(), session.currency);
  // A provider without balance refunds: the address leads where the money screens are.
  if (view.unavailable) return <Redirect to={href('topUp')} replace />;
  const planShown = view.plan !== null && !view.following && !view.lost && !view.settled;
  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>Get my balance back</Trans>
        </h1>
        {/* The session's reading: a refund asked is out of it at once (the hold), a refused one back in. */}
        {balance === null ? null : (
          <p>
            <Trans>Your balance: {balance}</Trans>
          </p>
        )}
        <LoadState
          status={loadStatus({ loading: view.loading, failed: view.failed })}
          loadingLabel={t`Loading what can come back…`}
          failure={{
            title: t`What can come back could not be loaded`,
            action: { label: t`Try again`, onSelect: () => flow.send({ type: 'plan.retried' }) },
          }}
        >
          {view.refund && !planShown ? <RefundState refund={view.refund} /> : null}
          {view.lost ? (
            <Notice tone="error">
              <Trans>The state of your refund could not be read.</Trans>{' '}
              <Button variant="secondary" onClick={() => flow.send({ type: 'plan.retried' })}>
                <Trans>Try again</Trans>
              </Button>
            </Notice>
          ) : null}
          {view.settled ? (
            <Button width="full" variant="secondary" onClick={() => flow.send({ type: 'refund.another' })}>
              <Trans>See what else can come back</Trans>
            </Button>
          ) : null}
          {planShown ? <Plan flow={flow} view={view} /> : null}
        </LoadState>
      </main>
      <ConfirmRefund flow={flow} view={view} />
    </>
  );
}

/**
 * Issue 36's bonus goes with the money that earned it: what the refund takes back of it, and what it keeps of the
 * money for bonus already spent (core's bonusClawback).
 */
function BonusLines({
  withdrawn,
  kept,
  money,
}: {
  withdrawn: number;
  kept: number;
  money: (amount: number) => string;
}) {
  const bonus = money(withdrawn);
  const spent = money(kept);
  return (
    <>
      {withdrawn > 0 ? (
        <p>
          <Trans>The {bonus} of bonus credit this money earned goes with it.</Trans>
        </p>
      ) : null}
      {kept > 0 ? (
        <p>
          <Trans>
            {spent} stays with the machine's operator for the bonus credit this money earned and you already used.
          </Trans>
        </p>
      ) : null}
    </>
  );
}

/** What can come back and where, the month's cap, and the form; the form is left out when nothing can be asked. */
function Plan({ flow, view }: { flow: Flow; view: BalanceRefundView }) {
  const { i18n } = useLingui();
  const plan = view.plan;
  if (!plan) return null;
  const money = (amount: number) => formatMoney(amount, currentLocale(), plan.currency);
  const amountLeft = money(plan.month.amount_left);
  const refundsLeft = plan.month.refunds_left;
  const refundable = money(plan.refundable);
  return (
    <>
      <section className="vendo-section" aria-labelledby="refund-plan">
        <h2 id="refund-plan">
          <Trans>{refundable} of your own money can come back</Trans>
        </h2>
        <PlanParts parts={plan.parts} currency={plan.currency} />
        <p>
          <Trans>Bonus credit never comes back: only the money you topped up yourself.</Trans>
        </p>
        <BonusLines withdrawn={plan.bonus_withdrawn} kept={plan.bonus_kept} money={money} />
        <p>
          <Plural
            value={refundsLeft}
            one={`You have # refund and ${amountLeft} left this month`}
            other={`You have # refunds and ${amountLeft} left this month`}
          />
        </p>
      </section>
      {view.blocked ? (
        <Notice tone="info">{i18n._(refundProblemMessages[view.blocked])}</Notice>
      ) : (
        <RefundForm flow={flow} view={view} />
      )}
    </>
  );
}

function RefundForm({ flow, view }: { flow: Flow; view: BalanceRefundView }) {
  const { t, i18n } = useLingui();
  const clabeCaret = useKeptCaret();
  const plan = view.plan;
  if (!plan) return null;
  const money = (amount: number) => formatMoney(amount, currentLocale(), plan.currency);
  const values = {
    minimum: money(plan.minimum),
    refundable: money(plan.refundable),
    amountLeft: money(plan.month.amount_left),
  };
  const problem = (field: keyof BalanceRefundView['problems']) => {
    const code = view.problems[field];
    return code ? i18n._({ ...refundProblemMessages[code as keyof typeof refundProblemMessages], values }) : undefined;
  };
  const minimum = values.minimum;
  const refundable = values.refundable;
  return (
    <form
      className="vendo-form"
      noValidate
      onSubmit={(event) => submitForm(event, () => flow.send({ type: 'refund.asked' }))}
    >
      <TextField
        label={t`Amount to get back`}
        inputMode="decimal"
        autoComplete="off"
        value={view.amountText}
        onChange={(event) => flow.send({ type: 'amount.changed', text: event.target.value })}
        hint={t`From ${minimum} to ${refundable}. Less than everything takes your newest money first.`}
        error={problem('amount')}
      />
      {view.needsClabe ? (
        <>
          <TextField
            label={t`CLABE of your bank account`}
            ref={clabeCaret.ref}
            inputMode="numeric"
            autoComplete="off"
            value={clabeAsTyped(view.clabe)}
            onChange={(event) => {
              clabeCaret.typed(event.target);
              flow.send({ type: 'clabe.changed', text: event.target.value });
            }}
            hint={t`18 digits. The account must be in your name.`}
            error={problem('clabe')}
          />
          <TextField
            label={t`Account holder`}
            autoComplete="name"
            value={view.holder}
            onChange={(event) => flow.send({ type: 'holder.changed', text: event.target.value })}
            error={problem('holder')}
          />
        </>
      ) : null}
      <RequestError view={view} />
      <Button type="submit" width="full">
        <Trans>Continue</Trans>
      </Button>
    </form>
  );
}

/** A failure that belongs to no field: no answer (asking again is safe, the key is kept), or the server's words. */
function RequestError({ view }: { view: BalanceRefundView }) {
  if (!view.error) return null;
  return (
    <Notice tone="error">
      {isUnanswered(view.error) ? (
        <Trans>There was no answer. Ask again: your refund will not be asked twice.</Trans>
      ) : (
        (serverMessage(view.error) ?? <Trans>Your refund could not be asked. Try again.</Trans>)
      )}
    </Notice>
  );
}

/** The confirm step, naming the total and where it goes. */
function ConfirmRefund({ flow, view }: { flow: Flow; view: BalanceRefundView }) {
  const { t } = useLingui();
  const plan = view.plan;
  const total = formatMoney(view.total, currentLocale(), plan?.currency ?? 'MXN');
  const everything = plan !== null && view.total === plan.refundable;
  const clabeEnd = view.clabe.slice(-4);
  return (
    <Modal
      open={view.confirming}
      title={t`Confirm your refund`}
      closeLabel={t`Cancel`}
      onClose={() => flow.send({ type: 'refund.cancelled' })}
      actions={
        <Button
          width="full"
          busy={view.requesting}
          busyLabel={t`Asking for your refund…`}
          onClick={() => flow.send({ type: 'refund.confirmed' })}
        >
          <Trans>Get {total} back</Trans>
        </Button>
      }
    >
      <p>
        <Trans>{total} will leave your balance now and come back to you:</Trans>
      </p>
      {everything && plan ? (
        <PlanParts parts={plan.parts} currency={plan.currency} />
      ) : (
        <p>
          <Trans>your newest money first, each part to where it came from.</Trans>
        </p>
      )}
      {view.needsClabe ? (
        <p>
          <Trans>By SPEI to the account ending {clabeEnd}.</Trans>
        </p>
      ) : null}
    </Modal>
  );
}
