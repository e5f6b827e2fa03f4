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

describe('e-mailing a receipt (issue 35 point 4): success once queued, or an ApiError with its code', () => {
  it('answers a 202 as success with nothing to read, POSTing to the receipt it names', async () => {
    const { api, requests } = apiAnswering(() => new Response(null, { status: 202 }));

    const result = await api.receipts.emailDeal(17, 5001);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('https://vendo.test/api/community_members/17/receipts/deals/5001/email');
  });

  it('answers email_not_confirmed as an http ApiError carrying its code', async () => {
    const refusal = { error: { error_code: 'email_not_confirmed', message: 'Confirma tu correo' } };
    const { api } = apiAnswering(() => json(refusal, 422));

    const result = await api.receipts.emailTopUp(17, 31);

    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'http',
        status: 422,
        error_code: 'email_not_confirmed',
        path: '/community_members/17/receipts/top_ups/31/email',
      },
    });
  });

  it('answers receipt_mail_limited with the seconds to wait from Retry-After', async () => {
    const refusal = { error: { error_code: 'receipt_mail_limited', message: 'Ya te enviamos este recibo' } };
    const { api } = apiAnswering(() => json(refusal, 429, { 'Retry-After': '42' }));

    const result = await api.receipts.emailDeal(17, 5001);

    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 429, error_code: 'receipt_mail_limited', retry_after: 42 },
    });
  });
});
