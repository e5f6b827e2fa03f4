import { act, fireEvent, screen } from '@testing-library/react';
import type { DealMachine } from '@vendo/core';
import { type DealInput, dealView, deliveryStatus, randomIdempotencyKey } from '@vendo/core';
import { callExamples } from '@vendo/core/contract/examples';
import { useSelector } from '@xstate/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import type { Actor } from 'xstate';
import type { Platform } from '../../lib/platform/platform.tsx';
import { renderApp } from '../../lib/test-app.tsx';
import { Download } from './deal-progress.tsx';
import { DealProvider, FollowedDeal } from './deal-provider.tsx';
import { useStartDeal } from './start-deal.ts';

const machine = callExamples.getMachine.response.good.product_server;
const dealWith = (status: number) => ({ ...callExamples.getDeal.response.good.deal, delivery_status: status });
const dealInput = (status: number): DealInput => ({
  machine,
  locale: 'en',
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
  deal: dealWith(status),
  error: null,
  newIdempotencyKey: randomIdempotencyKey,
});

/** What a buy does once its deal is made: it hands the test the way to start it. */
function Buy({ onStart }: { onStart: (start: (input: DealInput) => void) => void }) {
  onStart(useStartDeal());
  return null;
}

function Delivered({ deal }: { deal: Actor<DealMachine> }) {
  return <Download view={useSelector(deal, dealView)} />;
}

/** Two deal routes and the inventory, over a fake API whose deal answers `status` and counts its readings. */
function renderDeal(path: string, status: number = deliveryStatus.connecting) {
  const reads = vi.fn(async () => ({ ok: true, value: { deal: dealWith(status) } }));
  const platform = { api: { deals: { get: reads } } } as unknown as Platform;
  let startDeal: (input: DealInput) => void = () => {};
  const app = renderApp(
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
        <Route path="/download">
          <FollowedDeal>{(deal) => <Delivered deal={deal} />}</FollowedDeal>
        </Route>
        <Route path="/machine-inventory">
          <p>Inventory</p>
        </Route>
      </Switch>
    </DealProvider>,
    { path, platform },
  );
  return {
    reads,
    path: app.path,
    start: (input: DealInput) => act(() => startDeal(input)),
    go: app.go,
    wait: app.wait,
  };
}

describe('spec §4 following the deal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaving the deal routes stops the flow: the deal is read no more', async () => {
    const app = renderDeal('/product/1');
    app.start(dealInput(deliveryStatus.connecting));
    await app.go('/connecting');
    await app.wait(3_000);
    expect(app.reads).toHaveBeenCalled();

    await app.go('/machine-inventory');
    const readsWhenLeft = app.reads.mock.calls.length;
    await app.wait(10_000);

    expect(app.reads).toHaveBeenCalledTimes(readsWhenLeft);
  });

  it('a reload mid-deal (a deal route with no deal on its way) returns to the inventory', async () => {
    const app = renderDeal('/connecting');

    await app.wait(0);

    expect(app.path()).toBe('/machine-inventory');
    expect(screen.getByText('Inventory')).toBeInTheDocument();
  });

  it('status 0 (/download): "Back to the machine" goes to the inventory and the deal ends there', async () => {
    const app = renderDeal('/product/1', deliveryStatus.delivered);
    app.start(dealInput(deliveryStatus.delivered));
    await app.go('/download');

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Back to the machine' })));
    await app.wait(10_000);

    expect(app.path()).toBe('/machine-inventory');
    expect(screen.getByText('Inventory')).toBeInTheDocument();
    expect(app.reads).not.toHaveBeenCalled();
  });
});
