import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import { type Deal, deliveryStatus, type PendingCardLink } from '../../contract/index.ts';
import { numberedKeys } from '../../test-support/keys.ts';
import { cardLinkMachine } from '../card-link/card-link.machine.ts';
import { dealMachine } from '../deal/deal.machine.ts';
import type { DealInput } from '../deal/deal.types.ts';
import { sessionMachine } from './session.machine.ts';
import type { LoadedMember } from './session.types.ts';

/** Issue 34 point 1: the deal's and the card link's lifetimes across their screens, kept by the session. */

const never = <T>() => new Promise<T>(() => {});
/** A deal whose machine never answers: it stays on its way until stopped. */
const deal = dealMachine.provide({
  actors: { fetchDeal: fromPromise(() => never<Deal>()), createDeal: fromPromise(() => never<Deal>()) },
});
const dealInput: DealInput = {
  machine: examples.machine,
  locale: 'es',
  request: { product: examples.product, saleType: 2, anyProduct: false },
  cardId: null,
  deal: { ...examples.deal, delivery_status: 1 },
  error: null,
  newIdempotencyKey: numberedKeys(),
};
const cardLink = cardLinkMachine.provide({
  actors: {
    createLink: fromPromise(() => never<PendingCardLink>()),
    fetchLink: fromPromise(() => never<PendingCardLink>()),
  },
});
const linkInput = { memberId: examples.member.id, machine: examples.machine };

function signedIn() {
  return createActor(
    sessionMachine.provide({
      actors: {
        loadMember: fromPromise(
          async (): Promise<LoadedMember> => ({ member: examples.member, balance: 150, cards: [] }),
        ),
        forget: fromPromise(async () => {}),
        saveMachine: fromPromise(async () => {}),
      },
    }),
    { input: { stored: { token: 't', memberId: examples.member.id, machineName: null } } },
  ).start();
}

describe('the deal on its way (spec §4 deal flow; issue 34 point 1)', () => {
  it('is followed from the buy, and stays while its screens are shown', () => {
    const session = signedIn();

    session.send({ type: 'deal.started', logic: deal, input: dealInput });
    session.send({ type: 'screen.shown', flow: 'deal' });

    const followed = session.getSnapshot().context.deal;
    expect(followed?.getSnapshot().status).toBe('active');
  });

  it('stops when a screen of no deal is shown: no reading or timer outlives its screens', () => {
    const session = signedIn();
    session.send({ type: 'deal.started', logic: deal, input: dealInput });
    const followed = session.getSnapshot().context.deal;

    session.send({ type: 'screen.shown', flow: null });

    expect(followed?.getSnapshot().status).toBe('stopped');
    expect(session.getSnapshot().context.deal).toBeNull();
  });

  it('is replaced by the next buy, which stops it', () => {
    const session = signedIn();
    session.send({ type: 'deal.started', logic: deal, input: dealInput });
    const first = session.getSnapshot().context.deal;

    session.send({ type: 'deal.started', logic: deal, input: dealInput });

    expect(first?.getSnapshot().status).toBe('stopped');
    expect(session.getSnapshot().context.deal?.getSnapshot().status).toBe('active');
  });

  it('stops when the member signs out', async () => {
    const session = signedIn();
    await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
    session.send({ type: 'deal.started', logic: deal, input: dealInput });
    const followed = session.getSnapshot().context.deal;

    session.send({ type: 'session.ended' });
    await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedOut' } }));

    expect(followed?.getSnapshot().status).toBe('stopped');
  });

  it('is not there in a new session (a reload mid-deal): the deal screens have nothing to follow', () => {
    const session = signedIn();

    expect(session.getSnapshot().context.deal).toBeNull();
  });
  it('reads the member again when the deal it follows ends (the balance follows the deal)', async () => {
    let reads = 0;
    const session = createActor(
      sessionMachine.provide({
        actors: {
          loadMember: fromPromise(async (): Promise<LoadedMember> => {
            reads++;
            return { member: examples.member, balance: 150, cards: [] };
          }),
        },
      }),
      { input: { stored: { token: 't', memberId: examples.member.id, machineName: null } } },
    ).start();
    await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));

    const delivered = { ...dealInput, deal: { ...examples.deal, delivery_status: deliveryStatus.delivered } };
    session.send({ type: 'deal.started', logic: deal, input: delivered });
    await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }) && reads === 2);

    expect(reads).toBe(2);
  });
});

describe('the employee-card link on its way (spec §2 RFID routes; issue 34 point 1)', () => {
  it('starts once: opened again while one is on its way, the screens show that one', () => {
    const session = signedIn();
    session.send({ type: 'card-link.started', logic: cardLink, input: linkInput });
    const first = session.getSnapshot().context.cardLink;

    session.send({ type: 'card-link.started', logic: cardLink, input: linkInput });

    expect(session.getSnapshot().context.cardLink).toBe(first);
    expect(first?.getSnapshot().status).toBe('active');
  });

  it('outlives a move between its screens and stops when they are left', () => {
    const session = signedIn();
    session.send({ type: 'card-link.started', logic: cardLink, input: linkInput });
    const link = session.getSnapshot().context.cardLink;

    session.send({ type: 'screen.shown', flow: 'cardLink' });
    const kept = link?.getSnapshot().status;
    session.send({ type: 'screen.shown', flow: null });

    expect([kept, link?.getSnapshot().status]).toEqual(['active', 'stopped']);
    expect(session.getSnapshot().context.cardLink).toBeNull();
  });
});
