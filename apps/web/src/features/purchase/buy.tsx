import {
  type Buyer,
  buyActors,
  buyMachine,
  buyView,
  type ProductServer,
  pendingPurchaseMachine,
  randomIdempotencyKey,
  resumablePurchase,
} from '@vendo/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { useOpenLogin } from '../sign-in/index.ts';
import { useStartDeal } from './start-deal.ts';

/**
 * The spec §4 buy flow for one machine: a visitor gets the login modal, a
 * created deal goes on to /connecting, a refused one to /transaction-error;
 * from there the session follows the deal (its screens, deal.tsx).
 */
export function useBuy(machine: ProductServer) {
  const { api } = usePlatform();
  const startDeal = useStartDeal();
  const session = useSession();
  const openLogin = useOpenLogin();
  const [location, navigate] = useLocation();
  const fromProduct = useRef(false);
  fromProduct.current = location.startsWith('/product/');
  const buyer =
    session.signedIn && session.member
      ? { id: session.member.id, balance: session.balance ?? 0, cards: session.cards }
      : null;
  const flow = useFlow(buyMachine, buyActors({ api }), {
    machine,
    buyer,
    locale: currentLocale(),
    newIdempotencyKey: randomIdempotencyKey,
  });
  const view = useSelector(flow, buyView);

  useEffect(() => {
    if (!view.needsLogin || view.needsCard) return;
    openLogin();
    flow.send({ type: 'login.shown' });
  }, [view.needsLogin, view.needsCard, openLogin, flow]);
  useContinueAfterSignIn(flow, machine.id, location, view.waitingForSignIn, buyer);

  // The deal flow takes over: it follows the deal, or explains why it could not be made.
  useEffect(() => {
    const { request, cardId, newIdempotencyKey } = flow.getSnapshot().context;
    if (!request || !(view.deal || view.failed)) return;
    const made = { deal: view.deal, error: view.failed };
    startDeal({ machine, locale: currentLocale(), request, cardId, ...made, newIdempotencyKey });
    // The deal screens take the product's place in the history: the phone's back button then leaves them
    // for the inventory (issue 15 point 11); the deal goes on at the machine and stays in the history page.
    navigate(href(view.deal ? 'connecting' : 'transactionError'), { replace: fromProduct.current });
  }, [view.deal, view.failed, navigate, machine, startDeal, flow]);

  return { flow, view };
}

/**
 * Issue 15 point 4: the purchase a visitor asked for goes on once they have signed in. The session keeps it
 * while they do (a finished sign-in starts the screens again) and says when the member has been read; the
 * buy on the screen it was asked on then carries it on, and any other screen's drops it. A modal closed
 * without signing in drops it too.
 */
function useContinueAfterSignIn(
  flow: ReturnType<typeof useBuy>['flow'],
  machineId: number,
  place: string,
  waiting: boolean,
  buyer: Buyer | null,
) {
  const session = Session.useActorRef();
  const kept = Session.useSelector((snapshot) => snapshot.context.purchase ?? undefined);
  const resumable = useSelector(kept, resumablePurchase);
  const idle = useSelector(flow, (snapshot) => snapshot.matches('idle'));
  useEffect(() => {
    if (!waiting) return;
    const { request } = flow.getSnapshot().context;
    if (!request) return;
    session.send({ type: 'purchase.kept', logic: pendingPurchaseMachine, purchase: { machineId, place, request } });
    // The login modal closed without a sign-in (the screens start again): the visitor gave the purchase up.
    return () => {
      if (session.getSnapshot().context.token === null)
        session.getSnapshot().context.purchase?.send({ type: 'purchase.dropped' });
    };
  }, [waiting, flow, session, machineId, place]);
  useEffect(() => {
    // The buy that waited for the sign-in is replaced by the screens drawn after it.
    if (!resumable || !buyer || waiting) return;
    // Taken once, whatever happens next: carried on by an idle buy on its own screen, dropped by another
    // screen's, or by a buy the member already made themselves meanwhile.
    kept?.send({ type: 'purchase.taken' });
    if (!idle || resumable.machineId !== machineId || resumable.place !== place) return;
    flow.send({ type: 'buy.resumed', request: resumable.request, buyer });
  }, [resumable, buyer, waiting, idle, kept, flow, machineId, place]);
}
