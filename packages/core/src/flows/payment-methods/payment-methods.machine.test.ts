import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import { settle } from '../../test-support/clock.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { paymentMethodsMachine } from './payment-methods.machine.ts';

const card = (id: number) => ({ ...examples.card, id });

function start(options: { deleteFails?: boolean } = {}) {
  const clock = new SimulatedClock();
  const server = { cards: [card(3), card(9)], loads: 0 };
  // The session the flow tells when the list is read: what it was told, in order.
  const { session, told } = toldSession();
  const actor = createActor(
    paymentMethodsMachine.provide({
      actors: {
        loadCards: fromPromise(async () => {
          server.loads++;
          return server.cards;
        }),
        deleteCard: fromPromise(async ({ input }: { input: { memberId: number; cardId: number } }) => {
          if (options.deleteFails)
            throw httpError({ method: 'DELETE', path: '/x' }, 404, { error: { message: 'No existe' } }, null);
          server.cards = server.cards.filter((saved) => saved.id !== input.cardId);
        }),
      },
    }),
    { clock, input: { memberId: 17, session } },
  ).start();
  return { actor, server, clock, settle, told };
}

describe('spec §2 /payment-methods', () => {
  it('lists the saved cards', async () => {
    const flow = start();
    await flow.settle();
    expect(flow.actor.getSnapshot().context.cards.map((saved) => saved.id)).toEqual([3, 9]);
  });

  it('refreshes the list 300 ms after a delete, not before', async () => {
    const flow = start();
    await flow.settle();
    flow.actor.send({ type: 'card.deleted', cardId: 3 });
    await flow.settle();
    flow.clock.increment(299);
    await flow.settle();
    expect(flow.server.loads).toBe(1);
    flow.clock.increment(1);
    await flow.settle();
    expect(flow.server.loads).toBe(2);
    expect(flow.actor.getSnapshot().context.cards.map((saved) => saved.id)).toEqual([9]);
  });

  it('issue 34 point 1: tells the session to read the member again once the list is read, and again after a delete changed it', async () => {
    const flow = start();
    expect(flow.told).toEqual([]);
    await flow.settle();
    expect(flow.told).toEqual([{ type: 'member.refresh' }]);

    flow.actor.send({ type: 'card.deleted', cardId: 3 });
    await flow.settle();
    flow.clock.increment(299);
    await flow.settle();
    expect(flow.told).toHaveLength(1);
    flow.clock.increment(1);
    await flow.settle();
    expect(flow.told).toEqual([{ type: 'member.refresh' }, { type: 'member.refresh' }]);
  });

  it('issue 34 point 1: a failed delete leaves the list as it was and tells the session nothing more', async () => {
    const flow = start({ deleteFails: true });
    await flow.settle();
    flow.actor.send({ type: 'card.deleted', cardId: 3 });
    await flow.settle();
    flow.clock.increment(1000);
    await flow.settle();
    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
  });

  it('a failed delete keeps the list and says why', async () => {
    const flow = start({ deleteFails: true });
    await flow.settle();
    flow.actor.send({ type: 'card.deleted', cardId: 3 });
    await flow.settle();
    expect(flow.actor.getSnapshot().context).toMatchObject({ error: { message: 'No existe' } });
    expect(flow.actor.getSnapshot().context.cards).toHaveLength(2);
  });
});
