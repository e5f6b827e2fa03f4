import {
  buyActors,
  buyerOf,
  buyMachine,
  buyView,
  dealActors,
  dealMachine,
  type ProductServer,
  randomIdempotencyKey,
} from '@vendo/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { useOpenLogin } from '../sign-in/index.ts';

/**
 * The spec §4 buy flow for one machine: a visitor gets the login modal, a
 * created deal goes on to /connecting, a refused one to /transaction-error;
 * the flow hands the deal to the session, which follows it there (its screens, deal.tsx).
 */
export function useBuy(machine: ProductServer) {
  const { api } = usePlatform();
  const session = useSession();
  const sessionRef = Session.useActorRef();
  const openLogin = useOpenLogin();
  const [location, navigate] = useLocation();
  // Where the buy is now: a screen that stays mounted may change its address (`/:name` → /machine-inventory).
  const place = useRef(location);
  place.current = location;
  const fromProduct = useRef(false);
  fromProduct.current = location.startsWith('/product/');
  const buyer = buyerOf(session);
  const followedDeal = useMemo(() => dealMachine.provide({ actors: dealActors({ api }) }), [api]);
  const flow = useFlow(buyMachine, buyActors({ api }), {
    machine,
    buyer,
    locale: currentLocale(),
    newIdempotencyKey: randomIdempotencyKey,
    // Issue 15 point 4: a visitor's request is kept by the session through the sign-in, for this screen;
    // the deal made is followed by the session, over the platform's API.
    keeper: { session: sessionRef, place: () => place.current, deal: followedDeal },
  });
  const view = useSelector(flow, buyView);

  useEffect(() => {
    if (!view.needsLogin || view.needsCard) return;
    openLogin();
    flow.send({ type: 'login.shown' });
  }, [view.needsLogin, view.needsCard, openLogin, flow]);

  // The deal screens take the product's place in the history: the phone's back button then leaves them
  // for the inventory (issue 15 point 11); the deal goes on at the machine and stays in the history page.
  useEffect(() => {
    if (view.deal || view.failed)
      navigate(href(view.deal ? 'connecting' : 'transactionError'), { replace: fromProduct.current });
  }, [view.deal, view.failed, navigate]);

  return { flow, view };
}
