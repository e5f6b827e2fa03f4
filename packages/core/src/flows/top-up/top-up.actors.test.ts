import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApi } from '../../api/index.ts';
import { json, scriptedFetch } from '../../test-support/scripted-fetch.ts';
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
  await toPromise(createActor(topUpActors({ api }).pay, { input }).start());
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
