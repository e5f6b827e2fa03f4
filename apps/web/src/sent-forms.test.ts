// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRenderer } from './entry-server.tsx';

// Issue 31 point 1: the server-drawn `/` works before any JavaScript has run. Its forms, sent by the
// browser itself, reach the server, which answers the next page (post, then get).

const template = [
  '<!doctype html><html lang="es"><head>',
  '<script type="module" crossorigin src="/assets/index-Bq9.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

/** The provider's request-code call (spec §7), answering as told, and what it was asked. */
function provider(answer: () => Response = () => Response.json({}, { status: 200 })) {
  const asked: { path: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    asked.push({ path: new URL(request.url).pathname, body: await request.json().catch(() => null) });
    return answer();
  };
  return { fetch, asked };
}

const renderer = (fetch: typeof globalThis.fetch) =>
  createRenderer({ template, apiBaseUrl: () => 'http://provider.test/api/', fetch });

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request('http://vendo.test/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: new URLSearchParams(fields),
  });
}

/** What the answer left for the next page, as the browser's storage reads the cookie. */
function left(answer: Response | null): Record<string, unknown> | null {
  const cookie = answer?.headers.getSetCookie().find((entry) => entry.startsWith('vendo.sign-in='));
  return cookie ? JSON.parse(decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? '')) : null;
}

const ana = { country: '+52', phone: '55 1234 5678', privacy: 'on' };

describe('issue 31: the sign-in form of `/` sent by the browser itself', () => {
  it('asks the provider for a code (spec §7) and goes on to the code screen', async () => {
    const { fetch, asked } = provider();

    const answer = await renderer(fetch)(post(ana));

    expect(asked).toEqual([{ path: '/api/community_members', body: { phone: '5512345678', countries: '+52' } }]);
    expect(answer?.status).toBe(303);
    expect(answer?.headers.get('Location')).toBe('/phone-verification');
    expect(left(answer)).toMatchObject({ country: '+52', phone: '5512345678', privacyAccepted: true });
    expect(left(answer)?.sentAt).toEqual(expect.any(Number));
  });

  it('keeps the challenge the provider answered, for the code screen to send back (issue 32 point 1)', async () => {
    const answer = await renderer(provider(() => Response.json({ challenge: 'q3Vx9Zr0bM2kT7wLpA4sHc' })).fetch)(
      post(ana),
    );

    expect(left(answer)).toMatchObject({ phone: '5512345678', challenge: 'q3Vx9Zr0bM2kT7wLpA4sHc' });
  });

  it('keeps what was sent for ten minutes, on every page, never for another site', async () => {
    const answer = await renderer(provider().fetch)(post(ana));

    const cookie = answer?.headers.getSetCookie().find((entry) => entry.startsWith('vendo.sign-in='));
    expect(cookie).toMatch(/; Max-Age=600; Path=\/; SameSite=Lax$/);
  });

  it('sends nothing for a form with problems (spec §5), and shows the form again with them', async () => {
    const { fetch, asked } = provider();

    const answer = await renderer(fetch)(post({ country: '+52', phone: '55123' }));

    expect(asked).toEqual([]);
    expect(answer?.headers.get('Location')).toBe('/');
    expect(left(answer)).toEqual({
      country: '+52',
      phone: '55123',
      privacyAccepted: false,
      problems: { phone: 'phone_length', privacy: 'privacy_required' },
    });
  });

  it("shows the form again with the provider's refusal and its wait (spec §8: 429 with Retry-After)", async () => {
    const refusal = () =>
      Response.json({ error: { code: 'too_many_requests' } }, { status: 429, headers: { 'Retry-After': '120' } });

    const answer = await renderer(provider(refusal).fetch)(post(ana));

    expect(answer?.headers.get('Location')).toBe('/');
    expect(left(answer)).toMatchObject({ phone: '5512345678', error: 'too_many_requests', retryAfter: 120 });
  });

  it('shows the form again with paused sends and their wait (issue 32 point 3: 503 with Retry-After)', async () => {
    const paused = () =>
      Response.json(
        { error: { error_code: 'code_sends_paused' } },
        { status: 503, headers: { 'Retry-After': '1800' } },
      );

    const answer = await renderer(provider(paused).fetch)(post(ana));

    expect(answer?.headers.get('Location')).toBe('/');
    expect(left(answer)).toMatchObject({ phone: '5512345678', error: 'code_sends_paused', retryAfter: 1800 });
  });

  it("refuses a form another site's page sent (Fetch Metadata), asking the provider nothing", async () => {
    const { fetch, asked } = provider();

    const answer = await renderer(fetch)(post(ana, { 'Sec-Fetch-Site': 'cross-site' }));

    expect(answer?.status).toBe(403);
    expect(asked).toEqual([]);
  });

  it('keeps the language chosen with the switch (spec §2) for a year', async () => {
    const answer = await renderer(provider().fetch)(post({ locale: 'en' }));

    expect(answer?.status).toBe(303);
    expect(answer?.headers.get('Location')).toBe('/');
    expect(answer?.headers.getSetCookie()).toEqual(['vendo.locale=en; Max-Age=31536000; Path=/; SameSite=Lax']);
  });

  it('leaves a language Vendo does not speak, and any other body, to the server', async () => {
    const render = renderer(provider().fetch);

    expect(await render(post({ locale: 'fr' }))).toBeNull();
    expect(await render(new Request('http://vendo.test/', { method: 'POST', body: '{}' }))).toBeNull();
  });
});

describe('issue 31: the page after a sent form', () => {
  const get = (cookie: string) => new Request('http://vendo.test/', { headers: { cookie } });
  const cookieOf = (value: object) => `vendo.sign-in=${encodeURIComponent(JSON.stringify(value))}`;

  it('draws the form as it was sent, with what was wrong, in the member language', async () => {
    const refused = { country: '+52', phone: '55123', privacyAccepted: false, problems: { phone: 'phone_length' } };

    const page = (await (await renderer(provider().fetch)(get(cookieOf(refused))))?.text()) ?? '';

    expect(page).toContain('value="55123"');
    expect(page).toContain('Escribe tu número de teléfono de 10 dígitos');
  });

  it("draws the provider's refusal with its wait in minutes", async () => {
    const refused = {
      country: '+52',
      phone: '5512345678',
      privacyAccepted: true,
      error: 'too_many_requests',
      retryAfter: 120,
    };

    const page = (await (await renderer(provider().fetch)(get(cookieOf(refused))))?.text()) ?? '';

    expect(page).toContain('Demasiados intentos. Intenta de nuevo en 2 min.');
  });

  it.each([
    ['es', 'Por ahora no podemos enviar códigos. Intenta de nuevo en 30 min.'],
    ['en', 'We cannot send codes right now. Try again in 30 min.'],
  ])('draws paused sends with their wait in minutes, in %s (issue 32 point 3)', async (locale, text) => {
    const paused = {
      country: '+52',
      phone: '5512345678',
      privacyAccepted: true,
      error: 'code_sends_paused',
      retryAfter: 1800,
    };

    const answer = await renderer(provider().fetch)(get(`${cookieOf(paused)}; vendo.locale=${locale}`));

    expect((await answer?.text()) ?? '').toContain(text);
  });

  it('shows nothing it does not know from a cookie changed by hand', async () => {
    const changed = {
      country: '+52',
      phone: '55123',
      privacyAccepted: false,
      error: 'code_wrong',
      problems: { phone: '<b>' },
    };

    const page = (await (await renderer(provider().fetch)(get(cookieOf(changed))))?.text()) ?? '';

    expect(page).toContain('value="55123"');
    expect(page).not.toContain('<b>');
    expect(page).not.toContain('aria-invalid="true"');
  });
});
