import type { DealInput } from '@vendo/core';
import { callExamples } from '@vendo/core/contract/examples';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type Platform, PlatformProvider } from '../../lib/platform/platform.tsx';
import { DealProvider, FollowedDeal } from './deal-provider.tsx';
import { useStartDeal } from './start-deal.ts';

// React's act() warns unless the environment says it is a test.
Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

const machine = callExamples.getMachine.response.good.product_server;
const onItsWay = { ...callExamples.getDeal.response.good.deal, delivery_status: 1 };
const dealInput: DealInput = {
  machine,
  locale: 'es',
  request: {
    product: {
      id: 101,
      name: 'Water',
      price: 15,
      user_code: '12',
      sell_options: { sellable: true, serviceable: false, sampleable: false },
    },
    saleType: 2,
    anyProduct: false,
  },
  cardId: null,
  deal: onItsWay,
  error: null,
};

/** What a buy does once its deal is made: it hands the test the way to start it. */
function Buy({ onStart }: { onStart: (start: (input: DealInput) => void) => void }) {
  onStart(useStartDeal());
  return null;
}

/** The deal routes and the inventory, over a fake API that counts the readings of the deal. */
function mount(path: string) {
  const reads = vi.fn(async () => ({ ok: true, value: { deal: onItsWay } }));
  const platform = { api: { deals: { get: reads } } } as unknown as Platform;
  const location = memoryLocation({ path, record: true });
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  let startDeal: (input: DealInput) => void = () => {};
  act(() =>
    root.render(
      <PlatformProvider platform={platform}>
        <Router hook={location.hook}>
          <DealProvider>
            <Buy
              onStart={(start) => {
                startDeal = start;
              }}
            />
            <Switch>
              <Route path="/connecting">
                <FollowedDeal>{() => <p>Following the deal</p>}</FollowedDeal>
              </Route>
              <Route path="/machine-inventory">
                <p>Inventory</p>
              </Route>
            </Switch>
          </DealProvider>
        </Router>
      </PlatformProvider>,
    ),
  );
  return {
    reads,
    container,
    path: () => location.history.at(-1),
    start: () => act(() => startDeal(dealInput)),
    go: (to: string) => act(async () => location.navigate(to)),
    wait: (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms)),
    unmount: () => act(() => root.unmount()),
  };
}

describe('spec §4 following the deal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('leaving the deal routes stops the flow: the deal is read no more', async () => {
    const app = mount('/product/1');
    app.start();
    await app.go('/connecting');
    await app.wait(3_000);
    expect(app.reads).toHaveBeenCalled();
    await app.go('/machine-inventory');
    const readsWhenLeft = app.reads.mock.calls.length;
    await app.wait(10_000);
    expect(app.reads).toHaveBeenCalledTimes(readsWhenLeft);
    app.unmount();
  });

  it('a reload mid-deal (a deal route with no deal on its way) returns to the inventory', async () => {
    const app = mount('/connecting');
    await app.wait(0);
    expect(app.path()).toBe('/machine-inventory');
    expect(app.container.textContent).toBe('Inventory');
    app.unmount();
  });
});
