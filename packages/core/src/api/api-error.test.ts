import { describe, expect, it } from 'vitest';
import { examples } from '../contract/examples.ts';
import { json, neverAnswers, scriptedFetch } from '../test-support/scripted-fetch.ts';
import { createApi } from './index.ts';

function apiAnswering(answer: (request: Request) => Response | Promise<Response>, timeoutMs = 2_000) {
  const script = scriptedFetch(answer);
  const api = createApi({
    baseUrl: 'https://vendo.test/api/',
    getToken: () => 'tok-17',
    getLocale: () => 'en',
    fetch: script.fetch,
    timeoutMs,
  });
  return { api, requests: script.requests };
}

describe('spec §8: every failure is an ApiError value', () => {
  it('carries the fields of an `error` object with the HTTP status', async () => {
    const { api } = apiAnswering(() => json({ error: examples.error }, 422));

    const result = await api.deals.create(
      7,
      { user_code: '12', sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
      { idempotencyKey: 'k1' },
    );

    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'http',
        status: 422,
        method: 'POST',
        path: '/product_servers/7/deals',
        error_code: -13,
        message: 'Correo corporativo requerido',
        description: 'Esta máquina es solo para empleados.',
        action_text: 'Registrar correo',
        redirect_url: 'https://example.mx/registro',
        email_domain: 'empresa.mx',
        additional_information: 'Usa tu correo de la empresa.',
      },
    });
  });

  it('uses the first entry of an `errors` list', async () => {
    const { api } = apiAnswering(() => json({ errors: [{ message: 'first' }, { message: 'second' }] }, 400));

    const result = await api.cards.list(17);

    expect(!result.ok && result.error.message).toBe('first');
  });

  it('reads an `errors` list of plain strings', async () => {
    const { api } = apiAnswering(() => json({ errors: ['Tarjeta rechazada'] }, 402));

    const result = await api.cards.list(17);

    expect(!result.ok && result.error.message).toBe('Tarjeta rechazada');
  });

  it('keeps a field map message per field (spec §7 error.message.email)', async () => {
    const { api } = apiAnswering(() => json({ error: { message: { email: ['has already been taken'] } } }, 422));

    const result = await api.members.update(17, {
      name: 'Ana',
      gender: 'Mujer',
      email: 'ana@example.mx',
      birth_date: '1990-04-12',
    });

    expect(!result.ok && result.error.field_errors).toEqual({ email: ['has already been taken'] });
    expect(!result.ok && result.error.message).toBe('has already been taken');
  });

  it('treats a 2xx answer that carries only an error object as a failure', async () => {
    const { api } = apiAnswering(() => json({ error: { error_code: -100, message: 'Reintenta' } }, 200));

    const result = await api.deals.get(7, 5001);

    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 200, error_code: -100 } });
  });

  it('answers an HTML error page with an http error and no invented fields', async () => {
    const { api } = apiAnswering(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));

    const result = await api.balances.list(17);

    expect(result).toMatchObject({ ok: false, error: { kind: 'http', status: 502, message: null, error_code: null } });
  });

  it('reports Retry-After seconds of a 429', async () => {
    const { api } = apiAnswering(() => json({ error: { message: 'Too many requests' } }, 429, { 'Retry-After': '30' }));

    const result = await api.members.requestCode({ phone: '5512345678', countries: '+52' });

    expect(!result.ok && result.error.retry_after).toBe(30);
  });

  it('maps a network failure to kind network with no status', async () => {
    const { api } = apiAnswering(() => Promise.reject(new TypeError('fetch failed')));

    const result = await api.machines.findByName('demo');

    expect(result).toMatchObject({ ok: false, error: { kind: 'network', status: null } });
  });

  it('maps a provider that never answers to kind timeout', async () => {
    const { api } = apiAnswering(neverAnswers, 30);

    const result = await api.deals.get(7, 5001);

    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout', status: null } });
  });

  it('maps a request the caller cancelled to kind aborted', async () => {
    const controller = new AbortController();
    const { api } = apiAnswering(neverAnswers);

    const pending = api.deals.get(7, 5001, { signal: controller.signal });
    controller.abort();

    expect(await pending).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  });

  it('never throws, even when reading the token does', async () => {
    const script = scriptedFetch(() => json({}));
    const api = createApi({
      baseUrl: 'https://vendo.test/api/',
      getToken: () => {
        throw new Error('storage unavailable');
      },
      fetch: script.fetch,
    });

    const result = await api.balances.list(17);

    expect(result).toMatchObject({ ok: false, error: { kind: 'network', message: 'storage unavailable' } });
  });
});

describe('issue: a response outside the contract never crashes the caller', () => {
  it('names the path and the failing field', async () => {
    const { api } = apiAnswering(() => json({ deal: { ...examples.deal, delivery_status: 'entregado' } }));

    const result = await api.deals.get(7, 5001);

    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'schema', status: 200, issues: [{ path: 'deal.delivery_status', message: 'expected number' }] },
    });
    expect(!result.ok && result.error.message).toBe(
      'GET /product_servers/7/deals/5001 answered outside the contract: deal.delivery_status: expected number',
    );
  });

  it('turns a 2xx body that is not JSON into a schema error', async () => {
    const { api } = apiAnswering(() => new Response('<html>maintenance</html>', { status: 200 }));

    const result = await api.machines.get(7);

    expect(result).toMatchObject({ ok: false, error: { kind: 'schema', issues: [{ path: '(body)' }] } });
  });

  it('accepts and drops unknown fields the provider adds', async () => {
    const { api } = apiAnswering(() => json({ deal: { ...examples.deal, loyalty_points: 3 }, trace_id: 'x' }));

    const result = await api.deals.get(7, 5001);

    expect(result.ok && result.value.deal).not.toHaveProperty('loyalty_points');
    expect(result.ok && result.value.deal.id).toBe(5001);
  });
});

describe('request headers', () => {
  it('asks for answers in the active language (errors come back translated)', async () => {
    const { api, requests } = apiAnswering(() => json({ balances: [] }));

    await api.balances.list(17);

    expect(requests[0]?.headers.get('Accept-Language')).toBe('en');
  });

  it('sends no Authorization header when signed out', async () => {
    const script = scriptedFetch(() => json({ product_server: examples.machine }));
    const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => null, fetch: script.fetch });

    await api.machines.get(7);

    expect(script.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it("puts the /api/v4/ calls on the base address's origin, whatever its path", async () => {
    const script = scriptedFetch(() => json({ community_member_rfids: [] }));
    const api = createApi({ baseUrl: 'https://vendo.test/provider/api/', getToken: () => 't', fetch: script.fetch });

    await api.rfids.list();

    expect(script.requests[0]?.url).toBe('https://vendo.test/api/v4/community_member_rfids');
  });
});
