import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import { settle } from '../../test-support/clock.ts';
import type { BuyRequest } from '../buy/buy.types.ts';
import { dealMachine } from '../deal/deal.machine.ts';
import type { DealInput } from '../deal/deal.types.ts';
import { pendingPurchaseMachine } from './pending-purchase.machine.ts';
import { sessionMachine } from './session.machine.ts';
import { resumablePurchase } from './session.purchase.ts';
import { PENDING_PURCHASE_MS } from './session.rules.ts';
import type { LoadedMember } from './session.types.ts';

/** Issue 15 point 4, kept by the session (issue 34 point 1): the purchase a visitor asked for, carried on by their sign-in. */

const request: BuyRequest = { product: examples.product, saleType: 2, anyProduct: false };
const purchase = { machineId: examples.machine.id, place: '/product/1', request };
/** A deal made with an answer already in hand: its first reading is all the test needs not to wait for. */
const dealInput: DealInput = {
  machine: examples.machine,
  locale: 'es',
  request,
  cardId: null,
  deal: { ...examples.deal, delivery_status: 0 },
  error: null,
  newIdempotencyKey: () => 'key',
};

/** A visitor's session whose member, once signed in, is read when `memberRead` says. */
function visitor() {
  const clock = new SimulatedClock();
  let readMember: () => void = () => {};
  const memberRead = new Promise<void>((resolve) => {
    readMember = resolve;
  });
  const session = createActor(
    sessionMachine.provide({
      actors: {
        saveSession: fromPromise(async () => {}),
        loadMember: fromPromise(async (): Promise<LoadedMember> => {
          await memberRead;
          return { member: examples.member, balance: 150, cards: [examples.card] };
        }),
      },
    }),
    { input: { stored: { token: null, memberId: null, machineName: null } }, clock },
  ).start();
  const signIn = () => session.send({ type: 'session.started', token: 't', member: examples.member });
  const keep = () => session.send({ type: 'purchase.kept', logic: pendingPurchaseMachine, purchase });
  const resumable = () => resumablePurchase(session.getSnapshot().context.purchase?.getSnapshot());
  /** The sign-in made and its member read. */
  const signInAndRead = async () => {
    signIn();
    readMember();
    await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
  };
  return { session, clock, signIn, readMember, signInAndRead, keep, resumable };
}

describe('the purchase a visitor asked for before signing in', () => {
  it('is carried on once the sign-in is done and the member and their cards are read, not before', async () => {
    const flow = visitor();
    flow.keep();

    flow.signIn();
    await settle();
    const beforeCards = flow.resumable();
    flow.readMember();
    await waitFor(flow.session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));

    expect(beforeCards).toBeNull();
    expect(flow.resumable()).toEqual(purchase);
  });

  it('is taken once: after its buy took it up, there is nothing more to carry on', async () => {
    const flow = visitor();
    flow.keep();
    await flow.signInAndRead();

    flow.session.getSnapshot().context.purchase?.send({ type: 'purchase.taken' });

    expect(flow.resumable()).toBeNull();
  });

  it(`is dropped when the sign-in takes longer than ${PENDING_PURCHASE_MS / 60_000} minutes`, async () => {
    const flow = visitor();
    flow.keep();

    flow.clock.increment(PENDING_PURCHASE_MS);
    await flow.signInAndRead();

    expect(flow.resumable()).toBeNull();
  });

  it('stays through the screens starting again at sign-in (the address tells the session its screen again)', async () => {
    const flow = visitor();
    flow.keep();

    flow.session.send({ type: 'screen.shown', flow: null });
    await flow.signInAndRead();

    expect(flow.resumable()).toEqual(purchase);
  });

  it('is dropped when the login modal closes without a sign-in: a later sign-in buys nothing', async () => {
    const flow = visitor();
    flow.keep();

    flow.session.getSnapshot().context.purchase?.send({ type: 'purchase.dropped' });
    await flow.signInAndRead();

    expect(flow.resumable()).toBeNull();
  });

  it('ends when a deal is made meanwhile: the member bought themselves, and it is never made twice', async () => {
    const flow = visitor();
    flow.keep();
    await flow.signInAndRead();

    flow.session.send({ type: 'deal.started', logic: dealMachine, input: dealInput });

    expect(flow.resumable()).toBeNull();
  });

  it('is still carried on by a sign-in a moment before the limit', async () => {
    const flow = visitor();
    flow.keep();

    flow.clock.increment(PENDING_PURCHASE_MS - 1);
    await flow.signInAndRead();

    expect(flow.resumable()).toEqual(purchase);
  });
});
