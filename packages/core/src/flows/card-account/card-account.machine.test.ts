import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { apiErrorWith } from '../../api/api-error-with.ts';
import type { AccountCredentials } from '../../rules/card-account.ts';
import { cardAccountMachine } from './card-account.machine.ts';
import type { AccountHolder, CardAccountInput } from './card-account.types.ts';
import { cardAccountView } from './card-account.view.ts';

const link = { memberId: 17, token: 'tok-17' };
const browser = { memberId: 42, token: 'tok-42' };
const holders: Record<string, AccountHolder> = {
  'tok-17': { name: 'Ana López', phone: '5512345678' },
  'tok-42': { name: 'Beto Ruiz', phone: '5587654321' },
};

/** A server that answers each account to its own token only, or fails as told. */
function start(input: CardAccountInput, fail: (credentials: AccountCredentials) => unknown = () => null) {
  const asked: AccountCredentials[] = [];
  const actor = createActor(
    cardAccountMachine.provide({
      actors: {
        loadHolder: fromPromise(async ({ input: credentials }: { input: AccountCredentials }) => {
          asked.push(credentials);
          const failure = fail(credentials);
          if (failure) throw failure;
          return holders[credentials.token] as AccountHolder;
        }),
      },
    }),
    { input },
  ).start();
  const settled = () =>
    waitFor(actor, (snapshot) => !snapshot.matches('loadingLink') && !snapshot.matches('loadingBrowser'));
  return { actor, asked, settled, view: () => cardAccountView(actor.getSnapshot()) };
}

describe('spec §2 /add-payment-method-mobile: the page says whose account the card goes to', () => {
  it("reads the link's account with the link's own token", async () => {
    const flow = start({ link, browser: null });
    await flow.settled();
    expect(flow.asked).toEqual([link]);
  });

  it("shows the link's account by name and masked phone when the browser holds no session", async () => {
    const flow = start({ link, browser: null });
    await flow.settled();
    expect(flow.view()).toMatchObject({
      screen: 'chosen',
      account: { memberId: 17, token: 'tok-17', name: 'Ana López', phone: '•••• •••• 5678' },
    });
  });

  it('goes straight on when the browser holds the same member, with the id and token of the link', async () => {
    const flow = start({ link, browser: { memberId: 17, token: 'tok-17-web' } });
    await flow.settled();
    expect(flow.view()).toMatchObject({ screen: 'chosen', account: { memberId: 17, token: 'tok-17' } });
    expect(flow.asked).toEqual([link]);
  });

  it('refuses a link without a member id or token, and asks nothing', () => {
    const flow = start({ link: null, browser });
    expect(flow.view()).toMatchObject({ screen: 'linkRefused', account: null });
    expect(flow.asked).toEqual([]);
  });

  it("refuses a link whose token does not open its account (another member's id)", async () => {
    const flow = start({ link: { memberId: 42, token: 'tok-17' }, browser: null }, () =>
      apiErrorWith({ status: 404, method: 'GET' }),
    );
    await flow.settled();
    expect(flow.view()).toMatchObject({ screen: 'linkRefused', account: null });
  });

  it('offers to try again when Vendo could not be reached', async () => {
    const flow = start({ link, browser: null }, () => apiErrorWith({ kind: 'network', status: null }));
    await flow.settled();
    expect(flow.view().screen).toBe('unavailable');
  });
});

describe("spec §2 /add-payment-method-mobile: another member's session in the browser", () => {
  it('asks which account before any form, showing both by name and masked phone', async () => {
    const flow = start({ link, browser });
    await flow.settled();
    expect(flow.view()).toEqual({
      screen: 'choosing',
      link: { name: 'Ana López', phone: '•••• •••• 5678' },
      browser: { name: 'Beto Ruiz', phone: '•••• •••• 4321' },
      account: null,
    });
  });

  it("reads each account with that account's own token", async () => {
    const flow = start({ link, browser });
    await flow.settled();
    expect(flow.asked).toEqual([link, browser]);
  });

  it("choosing the browser's account uses its id with its token", async () => {
    const flow = start({ link, browser });
    await flow.settled();
    flow.actor.send({ type: 'account.chosen', account: 'browser' });
    expect(flow.view().account).toEqual({ memberId: 42, token: 'tok-42', name: 'Beto Ruiz', phone: '•••• •••• 4321' });
  });

  it("choosing the link's account uses its id with its token", async () => {
    const flow = start({ link, browser });
    await flow.settled();
    flow.actor.send({ type: 'account.chosen', account: 'link' });
    expect(flow.view().account).toMatchObject({ memberId: 17, token: 'tok-17' });
  });

  it("goes on with the link's account when the browser's session is no longer honoured", async () => {
    const flow = start({ link, browser }, (credentials) =>
      credentials.token === 'tok-42' ? apiErrorWith({ status: 401, method: 'GET' }) : null,
    );
    await flow.settled();
    expect(flow.view()).toMatchObject({ screen: 'chosen', account: { memberId: 17, token: 'tok-17' } });
  });
});
