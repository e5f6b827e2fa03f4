import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import { productMachine } from './product.machine.ts';
import { productView } from './product.view.ts';

const water = examples.product;
const sample: ProductServerItem = {
  ...water,
  sell_options: { sellable: true, serviceable: false, sampleable: true },
  sampling: { price: 5 },
};

function start(load: () => Promise<ProductServerItem>) {
  const actor = createActor(productMachine.provide({ actors: { loadProduct: fromPromise(load) } }), {
    input: { machineId: 7, productId: 101 },
  }).start();
  return { actor, view: () => productView(actor.getSnapshot()) };
}

describe('spec §2 /product/:productId: what the screen shows', () => {
  it('is loading while the product is read, with nothing to show yet', () => {
    const flow = start(async () => water);
    expect(flow.view()).toEqual({ loading: true, product: null, price: null, error: null });
  });

  it('shows the product and its price once read', async () => {
    const flow = start(async () => water);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    expect(flow.view()).toEqual({
      loading: false,
      product: water,
      price: { price: 18.5, samplePrice: null, free: false },
      error: null,
    });
  });

  it('spec §9: a sampleable product shows Free beside its sample price', async () => {
    const flow = start(async () => sample);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    expect(flow.view().price).toEqual({ price: 18.5, samplePrice: 5, free: true });
  });

  it('tells a product the machine does not have', async () => {
    const flow = start(() => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, null, null)));
    await waitFor(flow.actor, (snapshot) => snapshot.matches('failed'));
    expect(flow.view()).toMatchObject({ loading: false, product: null, error: 'missing' });
  });
});
