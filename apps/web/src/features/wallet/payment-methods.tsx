import { Trans, useLingui } from '@lingui/react/macro';
import {
  cardBrandName,
  cardEnding,
  mayAddPaymentMethod,
  paymentMethodsActors,
  paymentMethodsMachine,
  paymentMethodsView,
  serverMessage,
} from '@vendo/core';
import { Button, LoadState, loadStatus, Notice } from '@vendo/ui';
import { useSelector } from '@xstate/react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { AppHeader } from '../../lib/frame/app-header.tsx';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { ProfileNeeded } from './profile-needed.tsx';
import { VoucherCardButton } from './voucher-card.tsx';

/** Spec §2 `/payment-methods`: the saved cards, with delete; adding one needs a complete profile. */
export default function PaymentMethods() {
  const session = useSession();
  // Spec §2/§6: employee-number machines offer neither; typing the address does not reach it either.
  if (session.employeeMachine) return <Redirect to={href('machineInventory')} replace />;
  if (!session.member) return null;
  return <Cards memberId={session.member.id} />;
}

function Cards({ memberId }: { memberId: number }) {
  const { api } = usePlatform();
  const { t } = useLingui();
  const session = useSession();
  const [, navigate] = useLocation();
  const added = new URLSearchParams(useSearch()).get('added');
  // The session's cards (the buy and top-up choices) follow the list: the flow tells the session.
  const flow = useFlow(paymentMethodsMachine, paymentMethodsActors({ api }), {
    memberId,
    session: Session.useActorRef(),
  });
  const state = useSelector(flow, paymentMethodsView);
  const mayAdd = mayAddPaymentMethod(session.member);

  return (
    <>
      <AppHeader />
      <main className="vendo-page">
        <h1>
          <Trans>Payment methods</Trans>
        </h1>
        {added === 'voucher' && (
          <Notice tone="info">
            <Trans>Your meal-voucher card was added.</Trans>
          </Notice>
        )}
        <LoadState
          status={loadStatus({ loading: state.loading, failed: state.failed, empty: state.cards.length === 0 })}
          loadingLabel={t`Loading your cards…`}
          failure={{
            title: t`Your cards could not be loaded`,
            action: { label: t`Try again`, onSelect: () => flow.send({ type: 'cards.retried' }) },
          }}
          empty={{ title: t`You have no saved cards yet` }}
        >
          <ul className="vendo-list">
            {state.cards.map((card) => {
              const brand = cardBrandName(card.brand);
              const last4 = cardEnding(card);
              return (
                <li key={card.id} className="vendo-row">
                  <span>
                    <Trans>
                      {brand} ending in {last4}
                    </Trans>
                  </span>
                  <Button
                    variant="secondary"
                    width="sm"
                    busy={state.deleting === card.id}
                    busyLabel={t`Deleting…`}
                    disabled={state.deleting !== null}
                    aria-label={t`Delete ${brand} ending in ${last4}`}
                    onClick={() => flow.send({ type: 'card.deleted', cardId: card.id })}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        </LoadState>
        {state.error && !state.failed && (
          <Notice tone="error">
            {serverMessage(state.error) ?? t`An error occurred in the process, please try again.`}
          </Notice>
        )}
        {!mayAdd && <ProfileNeeded />}
        <div className="vendo-form">
          <Button width="full" disabled={!mayAdd} onClick={() => navigate(href('addPaymentMethod'))}>
            <Trans>Add a card</Trans>
          </Button>
          <VoucherCardButton disabled={!mayAdd} />
        </div>
      </main>
    </>
  );
}
