import { type ActorRefFrom, fromCallback, type Subscription } from 'xstate';
import type { DealMachine } from '../deal/deal.machine.ts';
import { type PendingPurchaseMachine, pendingPurchaseMachine } from '../session/pending-purchase.machine.ts';
import type { SessionMachine } from '../session/session.machine.ts';
import { resumablePurchase } from '../session/session.purchase.ts';
import { sessionView } from '../session/session.view.ts';
import { buyerOf } from './buy.rules.ts';
import type { BuyEvent, BuyRequest } from './buy.types.ts';

/**
 * The session a buy runs in: it keeps a visitor's request through the sign-in, for the screen the buy is on
 * when it is kept or taken (`place()`: a screen may change its address under a buy that stays), and follows
 * the deal the buy made with the deal flow given (`deal`, its effects provided).
 */
export interface PurchaseKeeper {
  readonly session: ActorRefFrom<SessionMachine>;
  readonly place: () => string;
  readonly deal: DealMachine;
}

export interface KeepForSignInInput {
  readonly keeper: PurchaseKeeper | null;
  readonly machineId: number;
  readonly request: BuyRequest;
}

/**
 * Issue 15 point 4: while the login modal is open for a visitor's request, the session keeps it (a finished
 * sign-in starts the screens again, this buy with them). Stopped with no sign-in made (the modal closed),
 * the visitor gave it up: it is dropped.
 */
export const keepForSignIn = fromCallback<BuyEvent, KeepForSignInInput>(({ input }) => {
  const { keeper, machineId, request } = input;
  if (!keeper) return;
  const { session, place } = keeper;
  session.send({
    type: 'purchase.kept',
    logic: pendingPurchaseMachine,
    purchase: { machineId, place: place(), request },
  });
  return () => {
    const { token, purchase } = session.getSnapshot().context;
    if (token === null) purchase?.send({ type: 'purchase.dropped' });
  };
});

export interface TakeKeptPurchaseInput {
  readonly keeper: PurchaseKeeper | null;
  readonly machineId: number;
}

/**
 * A kept request, once its member is signed in and read, is taken by the first idle buy, whatever happens
 * next: the buy on the screen it was asked on (same machine, same place) carries it on for the member; any
 * other's drops it, so it is never made on a screen the member did not ask on.
 */
export const takeKeptPurchase = fromCallback<BuyEvent, TakeKeptPurchaseInput>(({ input, sendBack }) => {
  const { keeper, machineId } = input;
  if (!keeper) return;
  const { session, place } = keeper;
  // The kept purchase gets ready on its own (its member read): followed as well as the session.
  let followed: ActorRefFrom<PendingPurchaseMachine> | null = null;
  let following: Subscription | undefined;
  const check = () => {
    const snapshot = session.getSnapshot();
    const kept = snapshot.context.purchase;
    if (kept !== followed) {
      following?.unsubscribe();
      followed = kept;
      following = kept?.subscribe(check);
    }
    const purchase = resumablePurchase(kept?.getSnapshot());
    const buyer = buyerOf(sessionView(snapshot));
    if (!kept || !purchase || !buyer) return;
    kept.send({ type: 'purchase.taken' });
    if (purchase.machineId !== machineId || purchase.place !== place()) return;
    sendBack({ type: 'buy.resumed', request: purchase.request, buyer });
  };
  const watching = session.subscribe(check);
  check();
  return () => {
    watching.unsubscribe();
    following?.unsubscribe();
  };
});
