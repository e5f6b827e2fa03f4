import { Trans, useLingui } from '@lingui/react/macro';
import {
  type Api,
  addCardActors,
  addCardMachine,
  addCardView,
  type CardField,
  type CardTokeniserPort,
  EXPIRY_MONTHS,
} from '@vendo/core';
import { Button, ErrorState, Modal, Notice, Select, Spinner, TextField } from '@vendo/ui';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { useSession } from '../flows/session.tsx';
import { cardMessages } from '../i18n/wallet-messages.ts';
import { href } from '../paths.ts';
import { usePlatform } from '../platform/platform.tsx';
import { cardTokeniser } from '../platform/tokeniser.ts';
import { AppHeader } from '../shell/app-header.tsx';
import { ProfileNeeded } from '../shell/profile-needed.tsx';

/**
 * Spec §2 `/select-payment-method`, `/add-payment-method` and
 * `/add-payment-method-mobile/:cmId/:cmName?token=…` (the native app's web
 * view, signed in by its token): the add-card form (spec §5 new card).
 */
export default function AddCard() {
  const { cmId } = useParams<{ cmId?: string }>();
  const token = new URLSearchParams(useSearch()).get('token');
  const { api, apiWithToken } = usePlatform();
  const session = useSession();
  const [tokeniser, setTokeniser] = useState<CardTokeniserPort | null>(null);
  useEffect(() => {
    void cardTokeniser().then(setTokeniser);
  }, []);
  const mobile = cmId !== undefined;
  const memberId = mobile ? Number(cmId) : session.member?.id;
  const memberApi = useMemo(() => (mobile ? apiWithToken(token ?? '') : api), [mobile, token, api, apiWithToken]);
  // Spec §2/§6: employee-number machines offer no payment methods, not even by address.
  if (!mobile && session.employeeMachine) return <Redirect to={href('machineInventory')} replace />;
  if (!memberId || !tokeniser) return null;
  return <CardForm api={memberApi} tokeniser={tokeniser} memberId={memberId} mobile={mobile} />;
}

function CardForm({
  api,
  tokeniser,
  memberId,
  mobile,
}: {
  api: Api;
  tokeniser: CardTokeniserPort;
  memberId: number;
  mobile: boolean;
}) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const logic = useMemo(() => addCardMachine.provide({ actors: addCardActors({ api, tokeniser }) }), [api, tokeniser]);
  const flow = useActorRef(logic, { input: { memberId, now: new Date() } });
  const view = useSelector(flow, addCardView);
  const change = (field: CardField) => (event: { target: { value: string } }) =>
    flow.send({ type: 'field.changed', field, value: event.target.value });
  const problem = (field: CardField) => {
    const found = view.problems[field];
    return found ? i18n._(cardMessages[found]) : undefined;
  };
  return (
    <>
      {!mobile && <AppHeader />}
      <main className="vendo-page">
        <h1>
          <Trans>Add a card</Trans>
        </h1>
        {view.checking ? (
          <Spinner label={t`Loading…`} />
        ) : view.unavailable ? (
          <ErrorState
            title={t`We could not reach Vendo`}
            action={
              <Button onClick={() => flow.send({ type: 'retry' })}>
                <Trans>Try again</Trans>
              </Button>
            }
          />
        ) : view.needsProfile ? (
          <ProfileNeeded />
        ) : (
          <form
            className="vendo-form"
            noValidate
            autoComplete="on"
            onSubmit={(event) => {
              event.preventDefault();
              flow.send({ type: 'card.submitted' });
            }}
          >
            <TextField
              label={t`Card number`}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={19}
              value={view.form.number}
              onChange={change('number')}
              error={problem('number')}
            />
            <div className="vendo-row">
              <Select
                label={t`Month`}
                placeholder="MM"
                autoComplete="cc-exp-month"
                value={view.form.month}
                options={EXPIRY_MONTHS.map((month) => ({ value: month, label: month }))}
                onChange={change('month')}
                error={problem('month')}
              />
              <Select
                label={t`Year`}
                placeholder="YYYY"
                autoComplete="cc-exp-year"
                value={view.form.year}
                options={view.years.map((year) => ({ value: String(year), label: String(year) }))}
                onChange={change('year')}
                error={problem('year')}
              />
            </div>
            <TextField
              label={t`CVV`}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={view.form.cvv}
              onChange={change('cvv')}
              error={problem('cvv')}
            />
            <TextField
              label={t`Name on the card`}
              autoComplete="cc-name"
              value={view.form.holder}
              onChange={change('holder')}
              error={problem('holder')}
            />
            {view.failure && (
              <Notice tone="error">
                {view.failure.unreachable
                  ? t`The card provider did not answer. Check your connection and try again.`
                  : (view.failure.message ?? t`The card was not accepted. Check it or try another one.`)}
              </Notice>
            )}
            <p className="vendo-aside">
              <Trans>Your card number and CVV go to the card provider only; Vendo never sees or keeps them.</Trans>
            </p>
            <Button type="submit" width="full" busy={view.busy} busyLabel={t`Saving your card…`}>
              <Trans>Save card</Trans>
            </Button>
          </form>
        )}
      </main>
      <Modal
        open={view.added}
        title={t`Card added`}
        closeLabel={t`Close`}
        onClose={() => {
          flow.send({ type: 'added.closed' });
          if (!mobile) navigate(href('paymentMethods'));
        }}
      >
        <p>
          <Trans>Your card is saved. You can now use it to add funds.</Trans>
        </p>
      </Modal>
    </>
  );
}
