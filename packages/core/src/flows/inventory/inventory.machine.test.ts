import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { ProductServer, ProductServerItem } from '../../contract/index.ts';
import { inventoryMachine } from './inventory.machine.ts';
import type { InventoryInput } from './inventory.types.ts';
import { inventoryView } from './inventory.view.ts';

const machine = examples.machine;
const water = examples.product;
const umbrella = { ...water, id: 2, name: 'Paraguas', product_category: null };

function start(
  loadProducts: () => Promise<ProductServerItem[]> = async () => [umbrella, water],
  given: Omit<InventoryInput, 'machineId'> = {},
) {
  const calls = { loadProducts: vi.fn(loadProducts), loadPaymentProducts: vi.fn(async () => [water]) };
  const actor = createActor(
    inventoryMachine.provide({
      actors: {
        loadProducts: fromPromise(() => calls.loadProducts()),
        loadPaymentProducts: fromPromise(() => calls.loadPaymentProducts()),
      },
    }),
    { input: { machineId: machine.id, ...given } },
  ).start();
  return { actor, calls, view: (on: ProductServer = machine) => inventoryView(actor.getSnapshot(), on) };
}

describe('spec §2 machine inventory', () => {
  it('a tab chosen while the products still load is kept (the insert-coin tab needs no products)', () => {
    const flow = start(() => new Promise(() => {}));
    flow.actor.send({ type: 'tab.selected', tab: 1 });
    expect(flow.actor.getSnapshot().context.tab).toBe(1);
  });

  it('opens on the tab the page was opened on (issue 31: tabs that work before the app)', () => {
    const flow = start(() => new Promise(() => {}), { tab: 1 });

    expect(flow.actor.getSnapshot().context.tab).toBe(1);
  });

  it('starts ready on the products a server-rendered page already holds, reading none again (issue 19 point 1)', () => {
    const flow = start(undefined, { items: [water, umbrella] });

    expect(flow.actor.getSnapshot().matches('ready')).toBe(true);
    expect(flow.view().groups.map((group) => group.key)).toEqual(['bebidas', 'varios']);
    expect(flow.calls.loadProducts).not.toHaveBeenCalled();
  });

  it("starts ready on the first screen's products a page holds and reads the rest only when wanted (issue 19 point 4)", async () => {
    const flow = start(async () => [water, umbrella], { items: [water], itemsComplete: false });
    expect([flow.view().groups.length, flow.view().moreToRead]).toEqual([1, true]);
    expect(flow.calls.loadProducts).not.toHaveBeenCalled();

    flow.actor.send({ type: 'more.wanted' });

    expect(flow.view().moreLoading).toBe(true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { products: 'complete' } }));
    expect(flow.view().groups.map((group) => group.key)).toEqual(['bebidas', 'varios']);
    expect(flow.calls.loadProducts).toHaveBeenCalledOnce();
  });

  it('reads the rest once, however often the member scrolls towards them', async () => {
    const flow = start(async () => [water, umbrella], { items: [water], itemsComplete: false });

    flow.actor.send({ type: 'more.wanted' });
    flow.actor.send({ type: 'more.wanted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { products: 'complete' } }));
    flow.actor.send({ type: 'more.wanted' });

    expect(flow.calls.loadProducts).toHaveBeenCalledOnce();
  });

  it("keeps the first screen's products when the rest cannot be read, and reads them again on retry", async () => {
    const loadProducts = vi
      .fn<() => Promise<ProductServerItem[]>>()
      .mockRejectedValueOnce({ kind: 'network' } as ApiError)
      .mockResolvedValue([water, umbrella]);
    const flow = start(loadProducts, { items: [water], itemsComplete: false });
    flow.actor.send({ type: 'more.wanted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { products: 'incomplete' } }));
    expect([flow.view().moreFailed, flow.view().error, flow.view().groups.length]).toEqual([true, 'unreachable', 1]);

    flow.actor.send({ type: 'products.retried' });

    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { products: 'complete' } }));
    expect([flow.view().moreFailed, flow.view().error, flow.view().groups.length]).toEqual([false, null, 2]);
  });

  it('opens pay-with-card while the rest of the products are still to come', async () => {
    const flow = start(() => new Promise(() => {}), { items: [water], itemsComplete: false });
    flow.actor.send({ type: 'more.wanted' });

    flow.actor.send({ type: 'pay-with-card.opened', signedIn: true });

    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { payWithCard: 'paymentProducts' } }));
    expect(flow.view().moreLoading).toBe(true);
  });

  it('groups the products by category, Varios last', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    expect(flow.view().groups.map((group) => group.key)).toEqual(['bebidas', 'varios']);
  });

  it('shows only image banners (spec §3)', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    expect(flow.view().banners.map((banner) => banner.banner_type)).toEqual(['image']);
  });

  it('offers the insert-coin tab only on numeric-keyboard machines', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    expect([flow.view().tabs, flow.view({ ...machine, mobile_keyboard_type: null }).tabs]).toEqual([[0, 1], [0]]);
  });

  it('switches to the insert-coin tab', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    flow.actor.send({ type: 'tab.selected', tab: 1 });
    expect(flow.view().tab).toBe(1);
  });

  it('loads the payment products when the pay-with-card link is opened', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    flow.actor.send({ type: 'pay-with-card.opened', signedIn: true });
    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { payWithCard: 'paymentProducts' } }));
    expect(flow.view().paymentProducts).toEqual([water]);
  });

  it('issue 15 point 3: a visitor opening pay-with-card is asked to sign in, and nothing is loaded', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));

    flow.actor.send({ type: 'pay-with-card.opened', signedIn: false });

    expect(flow.view().needsLogin).toBe(true);
    expect(flow.calls.loadPaymentProducts).not.toHaveBeenCalled();
  });

  it('issue 15 point 3: a session the server refuses (401) on pay-with-card asks to sign in again', async () => {
    const flow = start();
    flow.calls.loadPaymentProducts.mockRejectedValueOnce({ kind: 'http', status: 401 } as ApiError);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));

    flow.actor.send({ type: 'pay-with-card.opened', signedIn: true });

    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { payWithCard: 'needsLogin' } }));
    expect(flow.view().paymentProducts).toBeNull();
  });

  it('issue 15 point 3: once the login modal is shown, pay-with-card may be opened again', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    flow.actor.send({ type: 'pay-with-card.opened', signedIn: false });

    flow.actor.send({ type: 'login.shown' });
    flow.actor.send({ type: 'pay-with-card.opened', signedIn: true });

    await waitFor(flow.actor, (snapshot) => snapshot.matches({ ready: { payWithCard: 'paymentProducts' } }));
    expect(flow.view().paymentProducts).toEqual([water]);
  });

  it('says the API is unreachable and loads again on retry', async () => {
    const flow = start(
      vi
        .fn()
        .mockRejectedValueOnce({ kind: 'network' } as ApiError)
        .mockResolvedValue([water]),
    );
    await waitFor(flow.actor, (snapshot) => snapshot.matches('failed'));
    expect(flow.view().error).toBe('unreachable');
    flow.actor.send({ type: 'products.retried' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('ready'));
    expect(flow.view().groups).toHaveLength(1);
  });

  it('tells an offline machine apart', () => {
    const flow = start();
    expect(flow.view({ ...machine, status: 'offline' }).offline).toBe(true);
  });
});
