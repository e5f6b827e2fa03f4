import { act, screen } from '@testing-library/react';
import {
  type DealInput,
  type DealMachine,
  dealActors,
  dealMachine,
  dealView,
  deliveryStatus,
  randomIdempotencyKey,
  type StoragePort,
} from '@vendo/core';
import { callExamples } from '@vendo/core/contract/examples';
import { useSelector } from '@xstate/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch, useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { type Platform, usePlatform } from '../lib/platform/platform.tsx';
import { Session, SessionProvider } from '../lib/session.tsx';
import { renderApp } from '../lib/test-app.tsx';
import { useFlowsFollowScreens } from './routes.tsx';

const machine = callExamples.getMachine.response.good.product_server;
const dealWith = (status: number) => ({ ...callExamples.getDeal.response.good.deal, delivery_status: status });
const dealInput: DealInput = {
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
  deal: dealWith(deliveryStatus.connecting),
  error: null,
  newIdempotencyKey: randomIdempotencyKey,
};
const nothingStored: StoragePort = { read: () => null, write: () => {}, remove: () => {} };

/** The shell's part: the address says whose screens are shown. */
function Shell() {
  useFlowsFollowScreens(useLocation()[0]);
  return null;
}

/** Stands in for the buy flow, whose `handOver` sends the session this `deal.started` (kept-purchase.test.ts runs the real one). */
function Buy({ onStart }: { onStart: (start: (input: DealInput) => void) => void }) {
  const { api } = usePlatform();
  const session = Session.useActorRef();
  onStart((input) =>
    session.send({ type: 'deal.started', logic: dealMachine.provide({ actors: dealActors({ api }) }), input }),
  );
  return null;
}

function DealScreen() {
  const deal = Session.useSelector((snapshot) => snapshot.context.deal);
  return deal ? <Following deal={deal} /> : <p>No deal</p>;
}

function Following({ deal }: { deal: ActorRefFrom<DealMachine> }) {
  return <p>{`Deal screen: ${useSelector(deal, dealView).screen}`}</p>;
}

/** Two deal routes and the inventory, over a fake API whose deal stays connecting and counts its readings. */
function renderDeal(path: string) {
  const reads = vi.fn(async () => ({ ok: true, value: { deal: dealWith(deliveryStatus.connecting) } }));
  const platform = { api: { deals: { get: reads } }, storage: nothingStored } as unknown as Platform;
  let startDeal: (input: DealInput) => void = () => {};
  const app = renderApp(
    <SessionProvider>
      <Shell />
      <Buy
        onStart={(start) => {
          startDeal = start;
        }}
      />
      <Switch>
        <Route path="/connecting">
          <DealScreen />
        </Route>
        <Route path="/machine-ready">
          <DealScreen />
        </Route>
        <Route path="/machine-inventory">
          <p>Inventory</p>
        </Route>
      </Switch>
    </SessionProvider>,
    { path, platform },
  );
  return { reads, start: () => act(() => startDeal(dealInput)), go: app.go, wait: app.wait };
}

describe('issue 34 point 1: the session keeps the deal while its screens are shown (spec §4 deal flow)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps following the deal from one of its screens to another', async () => {
    const app = renderDeal('/product/1');
    app.start();
    await app.go('/connecting');
    await app.wait(3_000);
    const readsBefore = app.reads.mock.calls.length;

    await app.go('/machine-ready');
    await app.wait(3_000);

    expect(screen.getByText('Deal screen: connecting')).toBeInTheDocument();
    expect(app.reads.mock.calls.length).toBeGreaterThan(readsBefore);
  });

  it('leaving the deal screens stops the deal: it is read no more', async () => {
    const app = renderDeal('/product/1');
    app.start();
    await app.go('/connecting');
    await app.wait(3_000);
    expect(app.reads).toHaveBeenCalled();

    await app.go('/machine-inventory');
    const readsWhenLeft = app.reads.mock.calls.length;
    await app.wait(10_000);

    expect(app.reads).toHaveBeenCalledTimes(readsWhenLeft);
  });

  it('a deal screen opened with no deal on its way (a reload) has none to follow', async () => {
    renderDeal('/connecting');

    expect(screen.getByText('No deal')).toBeInTheDocument();
  });
});
