import { buyActors, buyMachine, buyView, type ProductServer, randomIdempotencyKey } from '@vendo/core';
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
  const sessionRef = Session.useActorRef();
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
    // Issue 15 point 4: a visitor's request is kept by the session through the sign-in, for this screen.
    keeper: { session: sessionRef, place: location },
  });
  const view = useSelector(flow, buyView);

  useEffect(() => {
    if (!view.needsLogin || view.needsCard) return;
    openLogin();
    flow.send({ type: 'login.shown' });
  }, [view.needsLogin, view.needsCard, openLogin, flow]);

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
