import { describe, expect, it } from 'vitest';
import { callExamples } from '../contract/call-examples.ts';
import { json, neverAnswers, scriptedFetch } from '../test-support/scripted-fetch.ts';
import { createApi } from './index.ts';

function apiAnswering(answer: (request: Request) => Response | Promise<Response>) {
  const script = scriptedFetch(answer);
  const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 'tok-17', fetch: script.fetch });
  return { api, requests: script.requests };
}

const page = callExamples.getStatement.response.good;

describe('the statement (issue 35 point 5): a typed page or an ApiError, never a throw', () => {
  it('asks for page 1 without a page, and for the page named', async () => {
    const { api, requests } = apiAnswering(() => json(page));

    await api.statement.get(17);
    await api.statement.get(17, { page: 3 });

    expect(requests.map((request) => new URL(request.url).search)).toEqual(['', '?page=3']);
  });

  it('reads purchases and top-ups apart by their kind, each with its receipt link, and the month totals', async () => {
    const { api } = apiAnswering(() => json(page));

    const result = await api.statement.get(17);

    expect(result.ok && result.value.entries.map((entry) => [entry.kind, entry.receipt?.kind])).toEqual([
      ['deal', 'deal'],
      ['top_up', 'top_up'],
    ]);
    expect(result.ok && result.value.months).toEqual(page.months);
  });

  it('answers a page past the last as the http ApiError the server sends', async () => {
    const { api } = apiAnswering(() => json({ error: { error_code: 'invalid_request', message: 'page' } }, 422));

    const result = await api.statement.get(17, { page: 500 });

    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 422 } });
  });

  it('passes the signal: a page the screen stopped waiting for comes back aborted', async () => {
    const controller = new AbortController();
    const { api } = apiAnswering(neverAnswers);

    const pending = api.statement.get(17, { signal: controller.signal });
    controller.abort();

    expect(await pending).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  });
});
