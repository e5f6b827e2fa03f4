import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import { PRODUCT_LOAD_LIMIT_MS, productMachine } from './product.machine.ts';

const water = examples.product;

function start(load: () => Promise<ProductServerItem>) {
  return createActor(productMachine.provide({ actors: { loadProduct: fromPromise(load) } }), {
    input: { machineId: 7, productId: 101 },
  }).start();
}

describe('spec §2 product detail', () => {
  it('shows the product', async () => {
    const actor = start(async () => water);
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.product).toEqual(water);
  });

  it('tells a product the machine does not have', async () => {
    const actor = start(() => Promise.reject({ kind: 'http', status: 404 } as ApiError));
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error).toBe('missing');
  });

  it('tries again after a dropped connection', async () => {
    let calls = 0;
    const actor = start(() =>
      ++calls === 1 ? Promise.reject({ kind: 'network' } as ApiError) : Promise.resolve(water),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'product.retried' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls).toBe(2);
  });

  it('gives up on a load that never settles, with a way to try again', async () => {
    const clock = new SimulatedClock();
    const signals: AbortSignal[] = [];
    let calls = 0;
    const actor = createActor(
      productMachine.provide({
        actors: {
          loadProduct: fromPromise(({ signal }) => {
            signals.push(signal);
            // The first load never answers, nor fails: only the flow's own limit ends it.
            return ++calls === 1 ? new Promise<ProductServerItem>(() => {}) : Promise.resolve(water);
          }),
        },
      }),
      { input: { machineId: 7, productId: 101 }, clock },
    ).start();
    clock.increment(PRODUCT_LOAD_LIMIT_MS - 1);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('unreachable');
    expect(signals[0]?.aborted).toBe(true);
    actor.send({ type: 'product.retried' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls).toBe(2);
  });
});
