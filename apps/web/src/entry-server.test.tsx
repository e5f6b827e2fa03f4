// @vitest-environment node
import type { ProductServerItem } from '@vendo/core';
import { callExamples } from '@vendo/core/contract/examples';
import { describe, expect, it } from 'vitest';
import { drawnPages } from './drawn-pages.ts';
import { createRenderer } from './entry-server.tsx';
import { MACHINE_PAGE_KEPT_MS, machinePageReads } from './machine-page-reads.ts';

// Issue 19 point 1: `/` rendered on the server, in the member's language, without a window.

const template = [
  '<!doctype html><html lang="es"><head>',
  '<script type="module" crossorigin src="/assets/index-Bq9.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/dist-Bm.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-Df.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const render = createRenderer({ template, apiBaseUrl: () => 'http://provider.test/api/' });
const request = (path: string, headers: Record<string, string> = {}) => ({
  url: `http://vendo.test${path}`,
  headers: new Headers(headers),
});

describe('the server render of / (issue 19 point 1)', () => {
  it('writes the sign-in screen into the page, in Spanish by default', async () => {
    const page = await (await render(request('/')))?.text();

    expect(page).toContain('<html lang="es">');
    expect(page).toContain('<h1>Inicia sesión</h1>');
    // Issue 31: usable as painted, and sent by the browser itself until the app runs.
    expect(page).toContain('<form class="vendo-form" noValidate="" action="/" method="post">');
    expect(page).not.toMatch(/<fieldset[^>]* disabled/);
  });

  it('writes it in English for a member who chose English', async () => {
    const page = await (await render(request('/', { cookie: 'other=1; vendo.locale=en' })))?.text();

    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Sign in</h1>');
  });

  it("follows the browser's language when none was chosen", async () => {
    const page = await (await render(request('/', { 'accept-language': 'en-US,en;q=0.9' })))?.text();

    expect(page).toContain('<h1>Sign in</h1>');
  });

  it("keeps the chosen language over the browser's", async () => {
    const page = await (await render(request('/', { cookie: 'vendo.locale=es', 'accept-language': 'en' })))?.text();

    expect(page).toContain('<h1>Inicia sesión</h1>');
  });

  it('leaves a signed-in member to the browser, which sends them onwards (spec §2)', async () => {
    const answer = await render(request('/', { cookie: 'vendo.token=tok; vendo.member=7' }));

    expect(answer).toBeNull();
  });

  it('leaves the screens it does not render to the browser', async () => {
    expect(await render(request('/top-up'))).toBeNull();
  });

  it('is never kept by a cache for another visitor', async () => {
    const answer = await render(request('/'));

    expect(answer?.headers.get('Cache-Control')).toBe('no-cache');
    expect(answer?.headers.get('Vary')).toBe('Cookie, Accept-Language');
  });

  it('paints before the app loads: /boot.js fetches it after the first paint, and nothing preloads it', async () => {
    const page = (await (await render(request('/')))?.text()) ?? '';

    expect(page).toContain('<meta name="vendo-app" content="/assets/index-Bq9.js" />');
    expect(page).toContain('<script type="module" src="/boot.js"></script>');
    expect(page).not.toContain('<script type="module" crossorigin src="/assets/index-Bq9.js">');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Df.css">');
  });

  it("refuses a template without the app's module script", () => {
    const bare = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';

    expect(() => createRenderer({ template: bare, apiBaseUrl: () => 'http://provider.test/api/' })).toThrow(
      /no module script/,
    );
  });
});

const machine = callExamples.getMachine.response.good.product_server;
const [water] = callExamples.listProducts.response.good.product_server_items as [ProductServerItem];

/** The provider's answers of spec §7 for one machine, as its API sends them. */
function provider(items: ProductServerItem[] = [water], shown = machine) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    asked.push(path);
    if (path === `/api/product_server/${machine.name}`) return Response.json({ product_server: { id: machine.id } });
    if (path === `/api/product_servers/${machine.id}`) return Response.json({ product_server: shown });
    if (path === `/api/product_servers/${machine.id}/products`) return Response.json({ product_server_items: items });
    return Response.json({ message: 'not found' }, { status: 404 });
  };
  return { fetch, asked };
}

const machineRenderer = (items?: ProductServerItem[]) =>
  createRenderer({ template, apiBaseUrl: () => 'http://provider.test/api/', fetch: provider(items).fetch });
const embedded = (page: string) =>
  JSON.parse(/<script type="application\/json" id="vendo-machine">(.*?)<\/script>/.exec(page)?.[1] ?? 'null');

describe("the server render of a machine's inventory (issue 19 point 1)", () => {
  it('writes /:vendingMachineName with the machine and its products, prices and all', async () => {
    const page = (await (await machineRenderer()(request('/demo')))?.text()) ?? '';

    expect(page).toContain('@demo');
    expect(page).toContain('Agua mineral 600 ml');
    expect(page).toContain('$18.50');
  });

  it('embeds what it read once, beside the screen, for the browser to take over without reading it again', async () => {
    const page = (await (await machineRenderer()(request('/demo')))?.text()) ?? '';

    expect(embedded(page)).toEqual({ machine, items: [water], complete: true });
    expect(page).toMatch(/<\/div><script type="application\/json" id="vendo-machine">/);
  });

  it("embeds and draws only the first screen's products of a machine with more than a page carries", async () => {
    const many = Array.from({ length: 200 }, (_, index) => ({ ...water, id: index + 1, name: `Agua ${index + 1}` }));
    const varios = { ...water, id: 999, name: 'Paraguas', product_category: null };

    const page = (await (await machineRenderer([varios, ...many])(request('/demo')))?.text()) ?? '';

    const { items, complete } = embedded(page);
    expect([complete, items.map((item: ProductServerItem) => item.id)]).toEqual([
      false,
      many.slice(0, 12).map((item) => item.id),
    ]);
    expect(page).toContain('>Agua 12<');
    expect(page).not.toContain('Agua 13<');
    expect(page).not.toContain('Paraguas');
  });

  it('keeps a product name that closes the script as text inside the data (CSP and injection)', async () => {
    const hostile = { ...water, name: '</script><script>alert(1)</script>' };

    const page = (await (await machineRenderer([hostile])(request('/demo')))?.text()) ?? '';

    expect(page).not.toContain('<script>alert(1)');
    expect(embedded(page).items[0].name).toBe(hostile.name);
  });

  it('draws a first screen larger than React streams at once in place, with no inline script the CSP refuses', async () => {
    // Signed photo addresses from a CDN run to a kilobyte or more each.
    const photo = `https://cdn.example/photo.webp?signature=${'a'.repeat(1500)}`;
    const items = Array.from({ length: 12 }, (_, index) => ({
      ...water,
      id: index + 1,
      thumbnail_url: photo,
      photo_url: photo,
    }));

    const page = (await (await machineRenderer(items)(request('/demo')))?.text()) ?? '';

    expect(page).not.toMatch(/<script>/);
    expect(page).not.toContain('<div hidden');
    expect(page.split(photo).length - 1).toBeGreaterThanOrEqual(12);
  });

  it("writes /machine-inventory for the machine this browser chose before, in the member's language", async () => {
    const answer = await machineRenderer()(
      request('/machine-inventory', { cookie: 'vendo.machine=demo; vendo.locale=en' }),
    );
    const page = (await answer?.text()) ?? '';

    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Agua mineral 600 ml');
  });

  it('makes the machine shown the chosen one, as the app stores it (spec §7: a year, on every page)', async () => {
    const answer = await machineRenderer()(request('/demo'));

    expect(answer?.headers.get('Set-Cookie')).toBe('vendo.machine=demo; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('leaves a machine the provider does not know to the browser, which says so', async () => {
    expect(await machineRenderer()(request('/nowhere'))).toBeNull();
  });

  it('leaves /machine-inventory with no machine chosen to the browser', async () => {
    expect(await machineRenderer()(request('/machine-inventory'))).toBeNull();
  });

  it('asks the provider nothing for an address that names no machine', async () => {
    const { fetch, asked } = provider();
    const render = createRenderer({ template, apiBaseUrl: () => 'http://provider.test/api/', fetch });

    expect(await render(request('/not%a-name'))).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe("issue 31: a machine's tabs work before the app has taken the page over", () => {
  const keypadMachine = { ...machine, mobile_keyboard_type: 'numeric' };
  const render = createRenderer({
    template,
    apiBaseUrl: () => 'http://provider.test/api/',
    fetch: provider([water], keypadMachine).fetch,
  });

  it('draws each tab as a link to the page on that tab', async () => {
    const page = (await (await render(request('/demo')))?.text()) ?? '';

    expect(page).toMatch(/<a [^>]*role="tab"[^>]*href="\?tab=coins"[^>]*>Insertar monedas<\/a>/);
    expect(page).toContain('Agua mineral 600 ml');
  });

  it("draws the insert-coin tab for the address that names it, the machine's keyboard and all", async () => {
    const page = (await (await render(request('/demo?tab=coins')))?.text()) ?? '';

    expect(page).toMatch(/aria-selected="true"[^>]*>Insertar monedas</);
    expect(page).toContain('Elegir en el teclado de la máquina');
    // The products' tab is not drawn (they are in the page's data, for the app to take over).
    expect(page.replace(/<script type="application\/json".*?<\/script>/s, '')).not.toContain('Agua mineral 600 ml');
  });
});

describe('issue 32 point 13: anonymous machine pages cost the provider and the process a bounded amount', () => {
  const fakeClock = () => {
    const clock = { at: 1_000, now: () => clock.at };
    return clock;
  };
  const reads = (asked: string[]) => asked.filter((path) => path.endsWith('/products')).length;
  /** A renderer whose machine reads and drawn pages keep time by `clock`. */
  const clockedRenderer = (fetch: typeof globalThis.fetch, clock: { now(): number }) =>
    createRenderer({
      template,
      apiBaseUrl: () => 'http://provider.test/api/',
      fetch,
      machinePages: machinePageReads({ perf: clock }),
      drawnPages: drawnPages({ perf: clock }),
    });

  it('reads a machine once for the visits of the next 10 s, and again after', async () => {
    const { fetch, asked } = provider();
    const clock = fakeClock();
    const render = clockedRenderer(fetch, clock);

    await render(request('/demo'));
    clock.at += MACHINE_PAGE_KEPT_MS - 1;
    await render(request('/demo'));
    const withinTheTime = reads(asked);
    clock.at += 2;
    await render(request('/demo'));

    expect([withinTheTime, reads(asked)]).toEqual([1, 2]);
  });

  it('sends the reads of visits arriving at the same moment to the provider once', async () => {
    const { fetch, asked } = provider();
    const render = createRenderer({ template, apiBaseUrl: () => 'http://provider.test/api/', fetch });

    const pages = await Promise.all([1, 2, 3].map(() => render(request('/demo'))));

    expect(pages.every((page) => page !== null)).toBe(true);
    expect(reads(asked)).toBe(1);
  });

  it('keeps no failed read: the next visit asks the provider again', async () => {
    const { fetch: answers, asked } = provider();
    let failing = true;
    const fetch = async (input: RequestInfo | URL) =>
      failing ? Response.json({ message: 'down' }, { status: 503 }) : answers(input);
    const render = createRenderer({ template, apiBaseUrl: () => 'http://provider.test/api/', fetch });

    const first = await render(request('/demo'));
    failing = false;
    const second = await render(request('/demo'));

    expect([first, second === null, reads(asked)]).toEqual([null, false, 1]);
  });

  it('answers a visit past the pages being drawn at once with index.html, and draws again once one is done', async () => {
    const { fetch: answers } = provider();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = async (input: RequestInfo | URL) => {
      await held;
      return answers(input);
    };
    const render = createRenderer({
      template,
      apiBaseUrl: () => 'http://provider.test/api/',
      fetch,
      concurrentRenders: 1,
    });

    const drawing = render(request('/demo'));
    const pastTheCap = await render(request('/'));
    release();
    const drawn = await drawing;
    const after = await render(request('/'));

    expect([pastTheCap, drawn === null, after === null]).toEqual([null, false, false]);
  });

  /** Counts the pages drawn: the server's budget is asked before each one, and only then. */
  const drawing = () => {
    const asked = { count: 0 };
    return { asked, mayDraw: async () => ++asked.count > 0 };
  };

  it("draws a first visit's page once for the first visits of the next 10 s, each answer setting the machine's cookie", async () => {
    const render = machineRenderer();
    const budget = drawing();

    const pages = await Promise.all([1, 2, 3].map(() => render(request('/demo'), budget)));
    const later = await render(request('/demo'), budget);
    const answers = [...pages, later];

    expect(budget.asked.count).toBe(1);
    expect(new Set(await Promise.all(answers.map((answer) => answer?.clone().text()))).size).toBe(1);
    expect(answers.every((answer) => answer?.headers.get('set-cookie')?.includes('demo'))).toBe(true);
  });

  it('draws anew for a visit that brings a cookie: its page may be its own', async () => {
    const render = machineRenderer();
    const budget = drawing();

    await render(request('/demo'), budget);
    await render(request('/demo', { cookie: 'vendo.locale=es' }), budget);
    await render(request('/demo', { cookie: 'vendo.locale=es' }), budget);

    expect(budget.asked.count).toBe(3);
  });

  it('keeps a page per language and address: another tab or language is drawn for itself', async () => {
    const render = machineRenderer();
    const budget = drawing();

    const spanish = await render(request('/demo'), budget);
    const english = await render(request('/demo', { 'accept-language': 'en' }), budget);
    const coins = await render(request('/demo?tab=coins'), budget);

    expect(budget.asked.count).toBe(3);
    expect(await english?.text()).toContain('lang="en"');
    expect(await spanish?.text()).not.toBe(await coins?.text());
  });

  it('never keeps a page longer than the machine read it shows: a price changed shows within 10 s', async () => {
    const clock = fakeClock();
    const { fetch, asked } = provider();
    const render = clockedRenderer(fetch, clock);
    const budget = drawing();

    await render(request('/demo'), budget);
    clock.at += MACHINE_PAGE_KEPT_MS / 2;
    await render(request('/demo'), budget);
    clock.at += MACHINE_PAGE_KEPT_MS / 2 + 1;
    await render(request('/demo'), budget);

    expect([budget.asked.count, reads(asked)]).toEqual([2, 2]);
  });
});
