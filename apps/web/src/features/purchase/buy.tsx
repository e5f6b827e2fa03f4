import { type Buyer, buyActors, buyMachine, buyView, type ProductServer, randomIdempotencyKey } from '@vendo/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { currentLocale } from '../../lib/i18n/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session, useSession } from '../../lib/session.tsx';
import { useFlow } from '../../lib/use-flow.ts';
import { useOpenLogin } from '../sign-in/index.ts';
import { keepPendingPurchase, takePendingPurchase } from './pending-purchase.ts';
import { useStartDeal } from './start-deal.ts';

/**
 * The spec §4 buy flow for one machine: a visitor gets the login modal, a
 * created deal goes on to /connecting, a refused one to /transaction-error;
 * from there the deal flow (deal-provider.tsx) follows it.
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
 * Issue 15 point 4: the purchase a visitor asked for goes on once they have signed in. A finished sign-in
 * starts the screens again, so the request is kept outside them and taken up by the next buy of the
 * machine; the member's cards are read again first (a sign-in brings the member, not their cards). A
 * login modal closed without signing in leaves a visitor, and the request is dropped.
 */
function useContinueAfterSignIn(
  flow: ReturnType<typeof useBuy>['flow'],
  machineId: number,
  path: string,
  waiting: boolean,
  buyer: Buyer | null,
) {
  const sessionRef = Session.useActorRef();
  const restoring = useSession().restoring;
  const memberLoading = Session.useSelector((snapshot) => snapshot.matches({ active: { member: 'loading' } }));
  const [resumed] = useState(() => takePendingPurchase(machineId, path));
  const step = useRef<'refresh' | 'wait' | 'done'>(resumed ? 'refresh' : 'done');
  useEffect(() => {
    if (!waiting) return;
    const { request } = flow.getSnapshot().context;
    if (request) keepPendingPurchase(machineId, path, request);
  }, [waiting, flow, machineId, path]);
  useEffect(() => {
    if (!resumed || step.current === 'done' || restoring) return;
    if (!buyer) {
      step.current = 'done';
      return;
    }
    if (step.current === 'refresh') {
      step.current = 'wait';
      sessionRef.send({ type: 'member.refresh' });
      if (sessionRef.getSnapshot().matches({ active: { member: 'loading' } })) return;
    }
    if (memberLoading) return;
    step.current = 'done';
    flow.send({ type: 'buy.resumed', request: resumed, buyer });
  }, [resumed, restoring, buyer, memberLoading, flow, sessionRef]);
}
