import type { SnapshotFrom } from 'xstate';
import type { BuyMachine } from './buy.machine.ts';
import { amountToLoad } from './buy.rules.ts';

/** What the screen shows for a buy: which modal is open, the spinner, the amount to load. */
export function buyView(snapshot: SnapshotFrom<BuyMachine>) {
  const { context } = snapshot;
  const buyer = context.buyer;
  return {
    needsLogin: snapshot.matches('needsLogin'),
    /** A signed-in member without cards is shown the login modal's "no cards registered" step. */
    needsCard: snapshot.matches('needsLogin') && buyer !== null,
    /** A visitor's request waits while they sign in. */
    waitingForSignIn: snapshot.matches('waitingForSignIn'),
    offlineWarning: snapshot.matches('offlineWarning'),
    directPayment: snapshot.matches('directPayment'),
    amountToLoad: buyer && context.request ? amountToLoad(buyer, context.request) : 0,
    cards: buyer?.cards ?? [],
    creating: snapshot.matches('creating'),
    unsent: snapshot.matches('unsent'),
    deal: snapshot.matches('created') ? context.deal : null,
    failed: snapshot.matches('failed') ? context.error : null,
  };
}

export type BuyView = ReturnType<typeof buyView>;
