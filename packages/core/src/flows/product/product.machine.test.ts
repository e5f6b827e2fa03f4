import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import { productMachine } from './product.machine.ts';

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
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls).toBe(2);
  });
});
