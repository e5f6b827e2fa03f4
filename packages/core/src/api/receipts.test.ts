import { describe, expect, it } from 'vitest';
import { examples } from '../contract/examples.ts';
import { json, neverAnswers, scriptedFetch } from '../test-support/scripted-fetch.ts';
import { createApi } from './index.ts';

function apiAnswering(answer: (request: Request) => Response | Promise<Response>) {
  const script = scriptedFetch(answer);
  const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 'tok-17', fetch: script.fetch });
  return { api, requests: script.requests };
}

const notFound = { error: { error_code: 'not_found', message: 'No encontrado' } };

describe('receipts (issue 35 point 3): a typed receipt or an ApiError, never a throw', () => {
  it("answers a delivered purchase's receipt as the contract reads it", async () => {
    const { api } = apiAnswering(() => json({ receipt: examples.receipt }));

    const result = await api.receipts.deal(17, 5001);

    expect(result).toEqual({ ok: true, value: { receipt: examples.receipt } });
  });

  it('answers the 404 of a purchase not delivered, or of another member, as an http ApiError', async () => {
    const { api } = apiAnswering(() => json(notFound, 404));

    const result = await api.receipts.topUp(17, 31);

    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 404, path: '/community_members/17/receipts/top_ups/31' },
    });
  });

  it('answers a receipt whose folio breaks the contract as a schema ApiError', async () => {
    const { api } = apiAnswering(() => json({ receipt: { ...examples.receipt, folio: '123' } }));

    const result = await api.receipts.deal(17, 5001);

    expect(result).toMatchObject({ ok: false, error: { kind: 'schema' } });
  });

  it('passes the signal: a receipt the screen stopped waiting for comes back aborted', async () => {
    const controller = new AbortController();
    const { api } = apiAnswering(neverAnswers);

    const pending = api.receipts.topUp(17, 31, { signal: controller.signal });
    controller.abort();

    expect(await pending).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  });
});
