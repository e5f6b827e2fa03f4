import { Trans, useLingui } from '@lingui/react/macro';
import {
  type Api,
  addCardActors,
  addCardMachine,
  addCardView,
  type CardAccount,
  type CardField,
  type CardTokeniserPort,
  cardAccountActors,
  cardAccountMachine,
  cardAccountView,
  credentialsOf,
  EXPIRY_MONTHS,
  storageKeys,
} from '@vendo/core';
import { Button, ListButton, LoadState, loadStatus, Modal, Notice, Select, TextField } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { submitForm } from '../../lib/frame/submit-form.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { useLinkToken } from './link-token.ts';
import { ProfileNeeded } from './profile-needed.tsx';
import { cardMessages } from './wallet-messages.ts';

/**
 * Spec §2 `/select-payment-method`, `/add-payment-method` and
 * `/add-payment-method-mobile/:cmId/:cmName?token=…` (the native app's web
 * view, signed in by its token): the add-card form (spec §5 new card).
 */
export default function AddCard() {
  const { cmId } = useParams<{ cmId?: string }>();
  const token = useLinkToken();
  const { api, cardTokeniser } = usePlatform();
  const session = useSession();
  const [tokeniser, setTokeniser] = useState<CardTokeniserPort | null>(null);
  useEffect(() => {
    void cardTokeniser().then(setTokeniser);
  }, [cardTokeniser]);
  if (cmId !== undefined) return tokeniser ? <AppLinkAddCard cmId={cmId} token={token} tokeniser={tokeniser} /> : null;
  // Spec §2/§6: employee-number machines offer no payment methods, not even by address.
  if (session.employeeMachine) return <Redirect to={href('machineInventory')} replace />;
  const memberId = session.member?.id;
  if (!memberId || !tokeniser) return null;
  return <CardForm api={api} tokeniser={tokeniser} memberId={memberId} account={null} />;
}

/**
 * The native app's page: its link names an account, whose it is shows before the form, and a browser signed in to
 * another member asks which one first. The browser's stored session is only read, never replaced by the link's.
 */
function AppLinkAddCard({
  cmId,
  token,
  tokeniser,
}: {
  cmId: string;
  token: string | null;
  tokeniser: CardTokeniserPort;
}) {
  const { t } = useLingui();
  const { storage, apiWithToken } = usePlatform();
  const flow = useFlow(cardAccountMachine, cardAccountActors({ apiFor: apiWithToken }), {
    link: credentialsOf(cmId, token),
    browser: credentialsOf(storage.read(storageKeys.memberId), storage.read(storageKeys.token)),
  });
  const view = useSelector(flow, cardAccountView);
  if (view.account) return <ChosenAccountForm account={view.account} tokeniser={tokeniser} />;
  const nameOf = (account: { name: string | null }) => account.name || t`A member without a name`;
  const linkPhone = view.link?.phone;
  const browserPhone = view.browser?.phone;
  return (
    <main className="vendo-page">
      <h1>
        <Trans>Add a card</Trans>
      </h1>
      <LoadState
        status={loadStatus({
          loading: view.screen === 'loading',
          failed: view.screen === 'unavailable' || view.screen === 'linkRefused',
        })}
        loadingLabel={t`Loading…`}
        failure={
          view.screen === 'linkRefused'
            ? {
                title: t`This link does not open an account`,
                description: t`Open the page to add a card again from the Vendo app.`,
              }
            : {
                title: t`We could not reach Vendo`,
                action: { label: t`Try again`, onSelect: () => flow.send({ type: 'account.retried' }) },
              }
        }
      >
        {view.screen === 'choosing' && view.link && view.browser ? (
          <>
            <p>
              <Trans>This browser is signed in to another account. Which account should the card go to?</Trans>
            </p>
            <ul className="vendo-list" aria-label={t`Accounts`}>
              <li>
                <ListButton
                  title={nameOf(view.link)}
                  subtitle={t`From the Vendo app, phone ${linkPhone}`}
                  onSelect={() => flow.send({ type: 'account.chosen', account: 'link' })}
                />
              </li>
              <li>
                <ListButton
                  title={nameOf(view.browser)}
                  subtitle={t`Signed in on this browser, phone ${browserPhone}`}
                  onSelect={() => flow.send({ type: 'account.chosen', account: 'browser' })}
                />
              </li>
            </ul>
          </>
        ) : null}
      </LoadState>
    </main>
  );
}

/** Every call of the form goes with the chosen account's own token: its id never travels with another's. */
function ChosenAccountForm({ account, tokeniser }: { account: CardAccount; tokeniser: CardTokeniserPort }) {
  const { apiWithToken } = usePlatform();
  const api = useMemo(() => apiWithToken(account.token), [apiWithToken, account.token]);
  return <CardForm api={api} tokeniser={tokeniser} memberId={account.memberId} account={account} />;
}

function CardForm({
  api,
  tokeniser,
  memberId,
  account,
}: {
  api: Api;
  tokeniser: CardTokeniserPort;
  memberId: number;
  /** On the native app's page: whose account the card goes to. */
  account: CardAccount | null;
}) {
  const mobile = account !== null;
  const holder = account?.name;
  const phone = account?.phone;
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const flow = useFlow(addCardMachine, addCardActors({ api, tokeniser }), { memberId, now: new Date() });
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
        {account ? (
          <p>
            {holder ? (
              <Trans>
                The card will be saved to the account of {holder}, phone {phone}.
              </Trans>
            ) : (
              <Trans>The card will be saved to the account with phone {phone}.</Trans>
            )}
          </p>
        ) : null}
        <LoadState
          status={loadStatus({ loading: view.checking, failed: view.unavailable })}
          loadingLabel={t`Loading…`}
          failure={{
            title: t`We could not reach Vendo`,
            action: { label: t`Try again`, onSelect: () => flow.send({ type: 'profile.retried' }) },
          }}
        >
          {view.needsProfile ? (
            <ProfileNeeded />
          ) : (
            <form
              className="vendo-form"
              noValidate
              autoComplete="on"
              onSubmit={(event) => submitForm(event, () => flow.send({ type: 'card.submitted' }))}
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
                  placeholder={t`YYYY`}
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
        </LoadState>
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
