import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import { createApi } from '../../api/index.ts';
import { TOP_UP_RETURN_KEY, topUpReturnId } from '../../rules/top-up-return.ts';
import { json, scriptedFetch } from '../../test-support/scripted-fetch.ts';
import { memoryStorage } from '../../test-support/storage.ts';
import { topUpActors } from './top-up.actors.ts';
import type { PayInput, PaymentMode } from './top-up.types.ts';

const answers: Record<PaymentMode, unknown> = {
  card: {
    top_up: {
      id: 1,
      amount: 2000,
      currency: 'JPY',
      status: 'paid',
      credit_card_id: 3,
      created_at: '2026-01-01T00:00:00.000Z',
    },
  },
  redirect: { url: 'https://pay.test/1' },
  reference: {
    payment_reference: {
      reference: '1234 5678',
      amount: 2000,
      currency: 'JPY',
      expires_at: '2026-01-04T00:00:00.000Z',
      instructions_url: 'https://pay.test/r',
    },
  },
};

/** The actors with a storage and a browser of their own: what they kept and the pages they opened. */
function actorsFor(api: Api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 't' })) {
  const storage = memoryStorage();
  const opened: string[] = [];
  const actors = topUpActors({ api, storage, openPage: (url) => opened.push(url) });
  return { ...actors, storage, opened };
}

async function sentBody(mode: PaymentMode, machineId: number | null) {
  const script = scriptedFetch(() => json(answers[mode], 201));
  const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 't', fetch: script.fetch });
  const input: PayInput = {
    memberId: 17,
    request: { amount: 2000, mode, cardId: 3, cvv: '123' },
    currency: 'JPY',
    machineId,
    idempotencyKey: 'k-1',
  };
  await toPromise(createActor(actorsFor(api).pay, { input }).start());
  return (await script.requests[0]?.json()) as Record<string, unknown>;
}

describe('a top-up names the machine it is for (issue 32 point 5)', () => {
  it.each(['card', 'redirect', 'reference'] as const)('a %s top-up sends product_server_id', async (mode) => {
    expect(await sentBody(mode, 42)).toMatchObject({ amount: 2000, currency: 'JPY', product_server_id: 42 });
  });

  it('without a machine the field is left out, as a spec provider expects', async () => {
    expect(await sentBody('reference', null)).not.toHaveProperty('product_server_id');
  });
});

describe('the way out to a checkout page (issue 15 point 9)', () => {
  it("marks the way back, then opens the provider's page", () => {
    const actors = actorsFor();

    createActor(actors.leaveForCheckout, { input: { url: 'https://pay.test/1', topUpId: 41 } }).start();

    expect(actors.opened).toEqual(['https://pay.test/1']);
    expect(actors.storage.read(TOP_UP_RETURN_KEY)).not.toBeNull();
    // Issue 35 point 3: the way back links the top-up's receipt.
    expect(topUpReturnId(actors.storage)).toBe(41);
  });

  it('opens nothing and marks nothing for an address that is not http(s)', () => {
    const actors = actorsFor();

    createActor(actors.leaveForCheckout, { input: { url: 'javascript:alert(1)', topUpId: 41 } }).start();

    expect(actors.opened).toEqual([]);
    expect(actors.storage.read(TOP_UP_RETURN_KEY)).toBeNull();
  });
});
