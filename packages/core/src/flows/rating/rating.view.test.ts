import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { RATING_WAIT_MS } from '../../rules/rating.ts';
import { ratingMachine } from './rating.machine.ts';
import { ratingView } from './rating.view.ts';

function start(options: { mayAsk?: boolean; sendFails?: boolean } = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(
    ratingMachine.provide({
      actors: {
        decide: fromPromise(async () => options.mayAsk ?? true),
        remember: fromPromise(async () => {}),
        sendRating: fromPromise(async () => {
          if (options.sendFails) throw new Error('offline');
        }),
        stopAsking: fromPromise(async () => {}),
      },
    }),
    { clock },
  ).start();
  return { actor, clock, view: () => ratingView(actor.getSnapshot()) };
}

const closed = { asking: false, sending: false, thanked: false };

describe('spec §3 displayRatingModal: which rating modal is open', () => {
  it('issue 15 point 5: none while the member still sees the download screen', () => {
    const flow = start();
    flow.clock.increment(RATING_WAIT_MS - 1);
    expect(flow.view()).toEqual(closed);
  });

  it('the question, once the wait is over and the rule allows it', async () => {
    const flow = start();
    flow.clock.increment(RATING_WAIT_MS);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
    expect(flow.view()).toEqual({ asking: true, sending: false, thanked: false });
  });

  it('none when the rule says not to ask', async () => {
    const flow = start({ mayAsk: false });
    flow.clock.increment(RATING_WAIT_MS);
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.view()).toEqual(closed);
  });

  it('the question stays open, busy, while the stars are sent; then the thanks', async () => {
    const flow = start();
    flow.clock.increment(RATING_WAIT_MS);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
    flow.actor.send({ type: 'rating.sent', stars: 4 });
    expect(flow.view()).toEqual({ asking: true, sending: true, thanked: false });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('thanked'));
    expect(flow.view()).toEqual({ asking: false, sending: false, thanked: true });
  });

  it('a rating that could not be sent just closes the modal', async () => {
    const flow = start({ sendFails: true });
    flow.clock.increment(RATING_WAIT_MS);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
    flow.actor.send({ type: 'rating.sent', stars: 4 });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.view()).toEqual(closed);
  });
});
