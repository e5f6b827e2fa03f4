import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatCardLabel,
  formatMoney,
  type PaymentMode,
  randomIdempotencyKey,
  serverMessage,
  type TopUpMachine,
  topUpActors,
  topUpBonusOn,
  topUpMachine,
  topUpReturnPath,
  topUpView,
} from '@vendo/core';
import { Button, ChoiceGroup, Notice, Select, TextField } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { Link, Redirect, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { submitForm } from '../../lib/frame/submit-form.ts';
import { WithBalanceRefunds } from '../../lib/frame/with-balance-refunds.tsx';
import { WithRewards } from '../../lib/frame/with-rewards.tsx';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { openPage } from '../../lib/platform/open-page.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { askToNotify } from '../../lib/platform/system-notification.ts';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { AutoTopUp } from './auto-top-up.tsx';
import { PendingTopUps } from './pending-top-ups.tsx';
import { SpeiAccountPanel } from './spei-account.tsx';
import { TopUpPrompts } from './top-up-prompts.tsx';
import { amountMessages } from './wallet-messages.ts';

const modes: readonly { value: PaymentMode; label: ReturnType<typeof msg> }[] = [
  { value: 'card', label: msg`Saved card` },
  { value: 'redirect', label: msg`Pay without saving` },
  { value: 'reference', label: msg`Payment reference` },
];

/** Spec §2 `/top-up`: add funds to the prepaid balance (spec §4 top-up, §5 amount). */
export default function TopUp() {
  const session = useSession();
  // Spec §2/§6: employee-number machines offer neither; typing the address does not reach it either.
  if (session.employeeMachine) return <Redirect to={href('machineInventory')} replace />;
  // The chosen machine sets the limits and the offline warning: wait until it is read back.
  if (!session.member || session.machineLoading) return null;
  return <TopUpForm memberId={session.member.id} />;
}

function TopUpForm({ memberId }: { memberId: number }) {
  const { api, storage } = usePlatform();
  const session = useSession();
  const sessionRef = Session.useActorRef();
  const flow = useFlow(topUpMachine, topUpActors({ api, storage, openPage }), {
    memberId,
    machine: session.machine,
    cards: session.cards,
    newIdempotencyKey: randomIdempotencyKey,
    // A charged card refreshes the session's member (the balance-recharged modal shows the new balance).
    session: sessionRef,
  });
  const view = useSelector(flow, topUpView);
  // Issue 15 point 10: sent here by a purchase the balance did not cover, the member goes back to it.
  const returnTo = topUpReturnPath(useSearch());

  // Issue 36 point 3: the machine's top-up bonus on each amount; a top-up for no machine earns none.
  return (
    <WithRewards memberId={memberId} machineId={session.machine?.id ?? null}>
      {(rewards) => {
        const bonusOf = (amount: number) =>
          rewards && session.machine ? topUpBonusOn(rewards.programs, amount, view.limits.currency) : 0;
        return (
          <>
            <AppHeader />
            <main className="vendo-page">
              <h1>
                <Trans>Add funds</Trans>
              </h1>
              <Form flow={flow} bonusOf={bonusOf} />
              {/* Read again with each reference issued, so the new one is there when its modal closes. */}
              <PendingTopUps
                key={view.reference?.reference ?? 'none'}
                memberId={memberId}
                currency={view.limits.currency}
              />
              <SpeiAccountPanel memberId={memberId} />
              <AutoTopUp memberId={memberId} currency={view.limits.currency} />
              <WithBalanceRefunds memberId={memberId} currency={session.currency}>
                {(offered) =>
                  offered ? (
                    <p>
                      <Link href={href('balanceRefund')}>
                        <Trans>Get my balance back</Trans>
                      </Link>
                    </p>
                  ) : null
                }
              </WithBalanceRefunds>
            </main>
            <TopUpPrompts flow={flow} view={view} returnTo={returnTo} bonus={bonusOf(view.amount ?? 0)} />
          </>
        );
      }}
    </WithRewards>
  );
}

function Form({ flow, bonusOf }: { flow: ActorRefFrom<TopUpMachine>; bonusOf: (amount: number) => number }) {
  const { t, i18n } = useLingui();
  const view = useSelector(flow, topUpView);
  const money = (amount: number) => formatMoney(amount, currentLocale(), view.limits.currency);
  const gift = (amount: number) => {
    const bonus = bonusOf(amount);
    return bonus > 0 ? t`+${money(bonus)} bonus` : null;
  };
  const amountChoices = [
    ...view.presets.map((amount) => ({ value: String(amount), label: money(amount), note: gift(amount) })),
    { value: 'other', label: t({ message: 'Other', context: 'top-up amount' }) },
  ];
  const min = money(view.limits.min);
  const max = money(view.limits.max);
  const total = money(view.amount ?? 0);
  const amountError = view.amountProblem
    ? i18n._({ ...amountMessages[view.amountProblem], values: { min, max } })
    : undefined;
  return (
    <form
      className="vendo-form"
      noValidate
      onSubmit={(event) =>
        submitForm(event, () => {
          // Issue 37 point 1: the member is told when the store's payment is credited, if they allow it; a
          // browser asks only on a tap, and this is the tap that asks for a reference.
          if (view.mode === 'reference') askToNotify();
          flow.send({ type: 'pay.requested' });
        })
      }
    >
      <ChoiceGroup
        legend={t`Amount`}
        choices={amountChoices}
        value={String(view.preset)}
        onChange={(value) =>
          value === 'other'
            ? flow.send({ type: 'amount.other', text: view.otherText })
            : flow.send({ type: 'amount.preset', amount: Number(value) })
        }
      />
      {view.preset === 'other' && (
        <TextField
          label={t`Other amount`}
          inputMode="numeric"
          autoComplete="off"
          value={view.otherText}
          onChange={(event) => flow.send({ type: 'amount.other', text: event.target.value })}
          hint={t`From ${min} to ${max}, whole pesos.`}
          error={amountError}
        />
      )}
      {view.preset === 'other' && view.amount !== null && gift(view.amount) ? (
        <p>
          <Trans>This top-up earns {money(bonusOf(view.amount))} of bonus credit.</Trans>
        </p>
      ) : null}
      <ChoiceGroup
        legend={t`How to pay`}
        choices={modes.map((mode) => ({ value: mode.value, label: i18n._(mode.label) }))}
        value={view.mode}
        onChange={(mode) => flow.send({ type: 'mode.chosen', mode })}
      />
      {view.mode === 'card' &&
        (view.cards.length > 0 ? (
          <>
            <Select
              label={t`Card`}
              value={String(view.cardId ?? '')}
              options={view.cards.map((card) => ({
                value: String(card.id),
                label: formatCardLabel(card),
              }))}
              onChange={(event) => flow.send({ type: 'card.chosen', cardId: Number(event.target.value) })}
            />
            <TextField
              label={t`CVV`}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={view.cvv}
              onChange={(event) => flow.send({ type: 'cvv.changed', cvv: event.target.value })}
              error={view.cvvMissing ? t`Type the card's 3- or 4-digit CVV.` : undefined}
            />
          </>
        ) : (
          <Notice tone={view.cardMissing ? 'error' : 'info'}>
            <Trans>
              You have no saved cards. <Link href={href('paymentMethods')}>Add a card</Link> or pay without saving.
            </Trans>
          </Notice>
        ))}
      {view.error && (
        <Notice tone="error">
          {serverMessage(view.error) ?? t`An error occurred in the process, please try again.`}
        </Notice>
      )}
      <Button type="submit" width="full" disabled={view.coolingDown}>
        {view.mode === 'reference' ? (
          view.amount === null ? (
            <Trans>Get a reference</Trans>
          ) : (
            <Trans>Get a reference for {total}</Trans>
          )
        ) : view.amount === null ? (
          <Trans>Pay</Trans>
        ) : (
          <Trans>Pay {total}</Trans>
        )}
      </Button>
    </form>
  );
}
