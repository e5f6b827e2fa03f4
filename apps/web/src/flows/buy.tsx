import { buyActors, buyMachine, buyView, type ProductServer } from '@vendo/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { currentLocale } from '../i18n/i18n.ts';
import { href } from '../paths.ts';
import { usePlatform } from '../platform/platform.tsx';
import { useOpenLogin } from '../shell/login-modal.tsx';
import { startDeal } from './current-deal.ts';
import { useSession } from './session.tsx';

/**
 * The spec §4 buy flow for one machine: a visitor gets the login modal, a
 * created deal goes on to /connecting, a refused one to /transaction-error;
 * from there the deal flow (current-deal.ts) follows it.
 */
export function useBuy(machine: ProductServer) {
  const { api } = usePlatform();
  const session = useSession();
  const openLogin = useOpenLogin();
  const [, navigate] = useLocation();
  const logic = useMemo(() => buyMachine.provide({ actors: buyActors({ api }) }), [api]);
  const buyer =
    session.signedIn && session.member
      ? { id: session.member.id, balance: session.balance ?? 0, cards: session.cards }
      : null;
  const flow = useActorRef(logic, { input: { machine, buyer, locale: currentLocale() } });
  const view = useSelector(flow, buyView);

  useEffect(() => {
    if (!view.needsLogin || view.needsCard) return;
    openLogin();
    flow.send({ type: 'prompt.closed' });
  }, [view.needsLogin, view.needsCard, openLogin, flow]);

  // The deal flow takes over: it follows the deal, or explains why it could not be made.
  useEffect(() => {
    const { request, cardId } = flow.getSnapshot().context;
    if (!request || !(view.deal || view.failed)) return;
    startDeal(api, { machine, locale: currentLocale(), request, cardId, deal: view.deal, error: view.failed });
    navigate(href(view.deal ? 'connecting' : 'transactionError'));
  }, [view.deal, view.failed, navigate, machine, api, flow]);

  return { flow, view };
}
