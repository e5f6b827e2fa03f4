import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import { examples } from '../../contract/examples.ts';
import type { SpeiAccount } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { speiAccountMachine } from './spei-account.machine.ts';
import { groupedClabe, speiAccountView } from './spei-account.view.ts';

const account = examples.speiAccount;

function start(read: () => Promise<SpeiAccount | null>, open: () => Promise<SpeiAccount> = async () => account) {
  const opened: number[] = [];
  const actor = createActor(
    speiAccountMachine.provide({
      actors: {
        readAccount: fromPromise(read),
        openAccount: fromPromise<SpeiAccount, { memberId: number }>(async ({ input }) => {
          opened.push(input.memberId);
          return open();
        }),
      },
    }),
    { input: { memberId: 17 } },
  ).start();
  return { actor, opened, view: () => speiAccountView(actor.getSnapshot()) };
}

describe("issue 37 point 2: the member's CLABE", () => {
  it('shows the CLABE the member already has', async () => {
    const screen = start(async () => account);

    await settle();

    expect(screen.view().account).toEqual(account);
  });

  it('gives a member without one their CLABE when they ask', async () => {
    const screen = start(async () => null);
    await settle();
    const before = screen.view().account;

    screen.actor.send({ type: 'account.asked' });
    await settle();

    expect([before, screen.opened, screen.view().account]).toEqual([null, [17], account]);
  });

  it('says why the ask failed and lets the member ask again', async () => {
    const screen = start(
      async () => null,
      () => Promise.reject(transportError({ method: 'POST', path: '/x' }, 'network', 'down')),
    );
    await settle();

    screen.actor.send({ type: 'account.asked' });
    await settle();

    expect([
      screen.view().problem,
      screen.view().account,
      screen.actor.getSnapshot().can({ type: 'account.asked' }),
    ]).toEqual(['unreachable', null, true]);
  });

  it('shows none of it where the provider has no SPEI (404)', async () => {
    const screen = start(() => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, {}, null)));

    await settle();

    expect(screen.view().none).toBe(true);
  });
});

describe('issue 37 point 2: a CLABE as a person reads it', () => {
  it('groups bank, plaza, account and check digit', () => {
    expect(groupedClabe('999180000000000017')).toBe('999 180 00000000001 7');
  });
});
