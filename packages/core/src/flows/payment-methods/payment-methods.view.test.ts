import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { CreditCard } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { CARD_DELETE_REFRESH_MS, paymentMethodsMachine } from './payment-methods.machine.ts';
import type { DeleteCardInput } from './payment-methods.types.ts';
import { paymentMethodsView } from './payment-methods.view.ts';

const card = (id: number): CreditCard => ({ ...examples.card, id });

function start(options: { loadFails?: boolean; deleteFails?: boolean; known?: CreditCard[] } = {}) {
  const clock = new SimulatedClock();
  const server = { cards: [card(3), card(9)] };
  const actor = createActor(
    paymentMethodsMachine.provide({
      actors: {
        loadCards: fromPromise(async () => {
          if (options.loadFails) throw new Error('offline');
          return server.cards;
        }),
        deleteCard: fromPromise(async ({ input }: { input: DeleteCardInput }) => {
          if (options.deleteFails)
            throw httpError({ method: 'DELETE', path: '/x' }, 404, { error: { message: 'No existe' } }, null);
          server.cards = server.cards.filter((saved) => saved.id !== input.cardId);
        }),
      },
    }),
    { clock, input: { memberId: 17, cards: options.known } },
  ).start();
  return { actor, clock, settle, view: () => paymentMethodsView(actor.getSnapshot()) };
}

describe('spec §2 /payment-methods: what the screen shows', () => {
  it('is loading while no card is known yet', () => {
    const flow = start();
    expect(flow.view()).toMatchObject({ loading: true, failed: false, cards: [] });
  });

  it('shows the cards already known while the list is read', () => {
    const flow = start({ known: [card(3)] });
    expect(flow.view()).toMatchObject({ loading: false, cards: [card(3)] });
  });

  it('shows the failure when the list could not be read', async () => {
    const flow = start({ loadFails: true });
    await flow.settle();
    expect(flow.view()).toMatchObject({ loading: false, failed: true, error: { kind: 'network' } });
  });

  it('marks the card being deleted, and keeps the list on screen through the refresh 300 ms later (spec §9)', async () => {
    const flow = start();
    await flow.settle();
    flow.actor.send({ type: 'card.deleted', cardId: 3 });
    expect(flow.view().deleting).toBe(3);
    await flow.settle();
    flow.clock.increment(CARD_DELETE_REFRESH_MS);
    expect(flow.actor.getSnapshot().matches('loading')).toBe(true);
    expect(flow.view().loading).toBe(false);
    await flow.settle();
    expect(flow.view()).toMatchObject({ cards: [card(9)], deleting: null });
  });

  it('a failed delete says why and marks no card', async () => {
    const flow = start({ deleteFails: true });
    await flow.settle();
    flow.actor.send({ type: 'card.deleted', cardId: 3 });
    await flow.settle();
    expect(flow.view()).toMatchObject({ failed: false, deleting: null, error: { message: 'No existe' } });
    expect(flow.view().cards).toHaveLength(2);
  });
});
