import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import { type Deal, SaleType } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { dealMachine } from '../deal/deal.machine.ts';
import { sessionMachine } from '../session/session.machine.ts';
import { PENDING_PURCHASE_MS } from '../session/session.rules.ts';
import type { LoadedMember } from '../session/session.types.ts';
import { buyMachine } from './buy.machine.ts';
import type { BuyRequest, CreateDealInput } from './buy.types.ts';

// Issue 15 point 4, run by core (issue 34 point 1): the purchase a visitor asked for is kept by the session
// through the sign-in and made by the buy on the screen it was asked on, once the member is read.

const request: BuyRequest = { product: examples.product, saleType: SaleType.sale, anyProduct: false };
const productPage = '/product/1';
/** The deal flow the session follows a made deal with: its machine never answers, so it stays on its way. */
const followedDeal = dealMachine.provide({
  actors: {
    fetchDeal: fromPromise(() => new Promise<Deal>(() => {})),
    createDeal: fromPromise(() => new Promise<Deal>(() => {})),
  },
});

function visitorAt(options: { refuse?: boolean } = {}) {
  const clock = new SimulatedClock();
  const session = createActor(
    sessionMachine.provide({
      actors: {
        saveSession: fromPromise(async () => {}),
        loadMember: fromPromise(
          async (): Promise<LoadedMember> => ({ member: examples.member, balance: 150, cards: [examples.card] }),
        ),
      },
    }),
    { input: { stored: { token: null, memberId: null, machineName: null } }, clock },
  ).start();
  const created: CreateDealInput[] = [];
  const createDeal = vi.fn(async ({ input }: { input: CreateDealInput }) => {
    created.push(input);
    if (options.refuse) throw httpError({ method: 'POST', path: '/deals' }, 422, { error: { message: 'No' } }, null);
    return examples.deal;
  });
  /** A buy on `place`, as a screen draws it: started with whoever is signed in then. */
  const buyOn = (place: string) =>
    createActor(buyMachine.provide({ actors: { createDeal: fromPromise(createDeal) } }), {
      input: {
        machine: examples.machine,
        buyer: null,
        locale: 'es',
        newIdempotencyKey: () => `key-${created.length}`,
        keeper: { session, place: () => place, deal: followedDeal },
      },
      clock,
    }).start();
  /** The visitor asks on `place`: the login modal opens for the request. */
  const ask = (place: string) => {
    const buy = buyOn(place);
    buy.send({ type: 'buy.requested', request });
    buy.send({ type: 'login.shown' });
    return buy;
  };
  const signIn = async () => {
    session.send({ type: 'session.started', token: 't', member: examples.member });
    await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
  };
  return { session, clock, created, buyOn, ask, signIn };
}

describe('the purchase a visitor asked for, carried on after the sign-in (issue 15 point 4)', () => {
  it('is made for the member by the buy on the screen it was asked on, once they are read', async () => {
    const visitor = visitorAt();
    const asked = visitor.ask(productPage);

    await visitor.signIn();
    asked.stop(); // the sign-in starts the screens again
    const again = visitor.buyOn(productPage);
    await waitFor(again, (snapshot) => snapshot.status === 'done');

    expect(visitor.created).toHaveLength(1);
    expect(visitor.created[0]?.body).toMatchObject({
      user_code: examples.product.user_code,
      sale_type_code: SaleType.sale,
    });
  });

  it('is never made on another screen: the first buy drawn elsewhere drops it', async () => {
    const visitor = visitorAt();
    const asked = visitor.ask(productPage);
    await visitor.signIn();
    asked.stop();

    const elsewhere = visitor.buyOn('/machine-inventory');
    await settle();
    const back = visitor.buyOn(productPage);
    await settle();

    expect(elsewhere.getSnapshot().value).toBe('idle');
    expect(back.getSnapshot().value).toBe('idle');
    expect(visitor.created).toHaveLength(0);
  });

  it('is dropped when the login modal closes without a sign-in: a later sign-in makes nothing', async () => {
    const visitor = visitorAt();
    const asked = visitor.ask(productPage);

    asked.send({ type: 'prompt.closed' });
    await visitor.signIn();
    const again = visitor.buyOn(productPage);
    await settle();

    expect(again.getSnapshot().value).toBe('idle');
    expect(visitor.created).toHaveLength(0);
  });

  it(`is dropped by a sign-in that takes ${PENDING_PURCHASE_MS / 60_000} minutes`, async () => {
    const visitor = visitorAt();
    const asked = visitor.ask(productPage);

    visitor.clock.increment(PENDING_PURCHASE_MS);
    await visitor.signIn();
    asked.stop();
    const again = visitor.buyOn(productPage);
    await settle();

    expect(again.getSnapshot().value).toBe('idle');
    expect(visitor.created).toHaveLength(0);
  });
});

describe('the deal a buy made is followed by its session (spec §4 deal flow; issue 34 point 1)', () => {
  it('hands the deal made over to the session, which follows it across the deal screens', async () => {
    const visitor = visitorAt();
    await visitor.signIn();
    const buy = visitor.buyOn(productPage);

    buy.send({ type: 'buy.resumed', request, buyer: { id: examples.member.id, balance: 150, cards: [] } });
    await waitFor(buy, (snapshot) => snapshot.status === 'done');

    const followed = visitor.session.getSnapshot().context.deal;
    expect(followed?.getSnapshot().context).toMatchObject({ deal: examples.deal, error: null, request });
  });

  it('hands a refused deal over too: the session shows why it could not be made', async () => {
    const visitor = visitorAt({ refuse: true });
    await visitor.signIn();
    const buy = visitor.buyOn(productPage);

    buy.send({ type: 'buy.resumed', request, buyer: { id: examples.member.id, balance: 150, cards: [] } });
    await waitFor(buy, (snapshot) => snapshot.status === 'done');

    const followed = visitor.session.getSnapshot().context.deal;
    expect(followed?.getSnapshot().context).toMatchObject({ deal: null, error: { status: 422 } });
  });
});

describe('the screen a request is kept for is where the buy is when it is kept (issue 15 point 4)', () => {
  it('a buy whose screen moved to another address keeps the request for the address it is at now', async () => {
    const visitor = visitorAt();
    let address = '/demo';
    const buy = createActor(buyMachine.provide({ actors: { createDeal: fromPromise(async () => examples.deal) } }), {
      input: {
        machine: examples.machine,
        buyer: null,
        locale: 'es',
        newIdempotencyKey: () => 'key',
        keeper: { session: visitor.session, place: () => address, deal: followedDeal },
      },
    }).start();

    address = '/machine-inventory';
    buy.send({ type: 'buy.requested', request });
    buy.send({ type: 'login.shown' });

    expect(visitor.session.getSnapshot().context.purchase?.getSnapshot().context.purchase.place).toBe(
      '/machine-inventory',
    );
  });
});
