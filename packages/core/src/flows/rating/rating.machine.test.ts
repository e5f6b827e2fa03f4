import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { RATING_WAIT_MS } from '../../rules/rating.ts';
import { ratingMachine } from './rating.machine.ts';

function start(mayAsk: boolean, options: { sendFails?: boolean; wait?: boolean } = {}) {
  const calls = { remembered: 0, sent: [] as number[], stopped: 0, decided: 0 };
  const clock = new SimulatedClock();
  const actor = createActor(
    ratingMachine.provide({
      actors: {
        decide: fromPromise(async () => {
          calls.decided++;
          return mayAsk;
        }),
        remember: fromPromise(async () => {
          calls.remembered++;
        }),
        sendRating: fromPromise(async ({ input }: { input: { stars: number } }) => {
          if (options.sendFails) throw new Error('offline');
          calls.sent.push(input.stars);
        }),
        stopAsking: fromPromise(async () => {
          calls.stopped++;
        }),
      },
    }),
    { clock },
  ).start();
  if (!options.wait) clock.increment(RATING_WAIT_MS);
  return { actor, calls, clock };
}

describe('rating modal flow (spec §3 displayRatingModal, §7 POST ratings)', () => {
  it('issue 15 point 5: waits while the member sees the download screen, then asks', async () => {
    const flow = start(true, { wait: true });
    flow.clock.increment(RATING_WAIT_MS - 1);
    expect(flow.actor.getSnapshot().value).toBe('waiting');
    expect(flow.calls.decided).toBe(0);
    flow.clock.increment(1);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
  });

  it('stays hidden when the rule says not to ask', async () => {
    const flow = start(false);
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls.remembered).toBe(0);
  });

  it('asks, and remembers when it asked', async () => {
    const flow = start(true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
    await Promise.resolve();
    expect(flow.calls.remembered).toBe(1);
  });

  it('records the stars chosen and thanks the member', async () => {
    const flow = start(true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
    flow.actor.send({ type: 'rating.sent', stars: 4 });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('thanked'));
    expect(flow.calls.sent).toEqual([4]);
  });

  it('"never ask again" saves displayRatingModal false', async () => {
    const flow = start(true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
    flow.actor.send({ type: 'rating.never' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls.stopped).toBe(1);
  });

  it('a rating that cannot be sent just closes the modal', async () => {
    const flow = start(true, { sendFails: true });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('asking'));
    flow.actor.send({ type: 'rating.sent', stars: 5 });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.actor.getSnapshot().value).toBe('hidden');
  });
});
