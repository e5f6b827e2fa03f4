import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import type { Balance, ProductServer } from '../../contract/index.ts';
import { sessionMachine } from './session.machine.ts';
import type { LoadedMember } from './session.types.ts';
import { sessionView } from './session.view.ts';

const pesoMachine: ProductServer = examples.machine;
const yenMachine: ProductServer = {
  ...examples.machine,
  id: 99,
  name: 'tokio',
  country: { currency_iso: 'JPY', iso: 'JP', minimun_top_up: 500 },
};

/** A signed-in session on `machine`, the member's balances answered as given (null: no /balances). */
async function viewAt(machine: ProductServer | undefined, balances: readonly Balance[] | null) {
  const loaded: LoadedMember = { member: examples.member, balance: 150, balances, cards: [] };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadMember: fromPromise(async () => loaded),
        saveMachine: fromPromise(async () => {}),
      },
    }),
    {
      input: {
        stored: { token: 't', memberId: examples.member.id, machineName: null },
        ...(machine ? { machine } : {}),
      },
    },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
  return sessionView(actor.getSnapshot());
}

const both: Balance[] = [
  { amount: 150, currency: 'MXN' },
  { amount: 2000, currency: 'JPY' },
];

describe("the header shows the balance of the machine's currency (issue 32 point 5)", () => {
  it('at a yen machine, the yen balance', async () => {
    expect(await viewAt(yenMachine, both)).toMatchObject({ balance: 2000, currency: 'JPY' });
  });

  it('at a peso machine, the peso balance', async () => {
    expect(await viewAt(pesoMachine, both)).toMatchObject({ balance: 150, currency: 'MXN' });
  });

  it('with no machine chosen, the MXN balance the provider answers over the member field', async () => {
    expect(await viewAt(undefined, [{ amount: 42.5, currency: 'MXN' }])).toMatchObject({
      balance: 42.5,
      currency: 'MXN',
    });
  });

  it.each([
    ['answers no balances', null],
    ['answers no yen balance', [{ amount: 150, currency: 'MXN' }]],
  ] as const)('a provider that %s: the member balance in MXN, as before', async (_, balances) => {
    expect(await viewAt(yenMachine, balances)).toMatchObject({ balance: 150, currency: 'MXN' });
  });
});

describe('issue 36 point 3: bonus credit is shown apart from own money', () => {
  it("gives the bonus credit of the machine's currency beside the balance", async () => {
    expect(await viewAt(pesoMachine, [{ amount: 150, currency: 'MXN', bonus: 10 }])).toMatchObject({
      balance: 150,
      bonus: 10,
    });
  });

  it.each([
    ['answers no bonus', [{ amount: 150, currency: 'MXN' }]],
    ['answers a bonus of 0', [{ amount: 150, currency: 'MXN', bonus: 0 }]],
  ] as const)('shows no bonus where the provider %s', async (_, balances) => {
    expect(await viewAt(pesoMachine, balances)).toMatchObject({ bonus: null });
  });
});

describe('issue 37 point 1: what store references will credit is shown beside the balance', () => {
  it("gives the pending amount of the machine's currency", async () => {
    expect(await viewAt(pesoMachine, [{ amount: 150, currency: 'MXN', pending: 100 }])).toMatchObject({
      balance: 150,
      pending: 100,
    });
  });

  it('shows nothing pending where the provider answers none', async () => {
    expect(await viewAt(pesoMachine, [{ amount: 150, currency: 'MXN' }])).toMatchObject({ pending: null });
  });
});
