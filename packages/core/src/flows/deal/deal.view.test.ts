import { describe, expect, it } from 'vitest';
import { examples } from '../../contract/examples.ts';
import type { BuyRequest } from '../buy/buy.types.ts';
import { dealMachine } from './deal.machine.ts';
import { type DealScreen, dealScreens } from './deal.rules.ts';
import type { DealContext } from './deal.types.ts';
import { dealView } from './deal.view.ts';

const request: BuyRequest = { product: examples.product, saleType: 2, anyProduct: false };
const context: DealContext = {
  machine: examples.machine,
  locale: 'es',
  request,
  cardId: null,
  deal: { ...examples.deal, delivery_status: 1 },
  error: null,
  newIdempotencyKey: () => 'key-1',
  failure: null,
  retryAfterMs: 0,
  idempotencyKey: null,
  resends: 0,
};

/** The deal flow standing on this screen. */
const on = (screen: DealScreen) => dealMachine.resolveState({ value: screen, context });

describe('spec §2 deal-flow screens: where a deal ends', () => {
  it.each([
    ['creating', false],
    ['connecting', false],
    ['machineReady', false],
    ['autoDelivery', false],
    ['download', true],
    ['downloadWithCampaign', true],
    ['connectionError', true],
    ['transactionError', true],
    ['campaignRequirement', true],
  ] as const)('on %s the deal has ended: %s', (screen, ended) => {
    const snapshot = on(screen);

    const view = dealView(snapshot);

    expect(view.screen).toBe(screen);
    expect(view.ended).toBe(ended);
  });

  it('the screens are the deal flow’s states, all but the passing start', () => {
    const states = Object.keys(dealMachine.root.states);

    const screens = states.filter((state) => state !== 'starting');

    expect([...dealScreens].sort()).toEqual(screens.sort());
  });
});
