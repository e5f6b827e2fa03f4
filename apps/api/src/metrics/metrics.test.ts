import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, startTestServer, type TestServer, tokenise } from '../testing/harness.ts';
import { signedIn } from '../testing/keypad-socket.ts';
import { onPostgres } from '../testing/replicas.ts';
import { buy, type Item, itemsOf, machineId } from '../testing/shop.ts';

// Issue 33 point 3: GET /metrics in Prometheus text on a port of its own. Scraped before and after a
// member's journey (signing in, a refused code, a rate limit, a top-up, a delivered deal, its refund, a
// keypad session), each family has moved: it is counted where things happen, not only registered.

/** One scrape: each sample's series (`name{labels}`) and its value. */
type Scrape = Map<string, number>;

let t: TestServer;
let before: Scrape;
/** Scraped while the journey's deal is on its way: its steps wait in the job queue. */
let duringDeal: Scrape;
let after: Scrape;
let dealId: number;
let demo: number;

async function scrape(url = t.server.metricsUrl ?? ''): Promise<Scrape> {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  const lines = (await answer.text()).split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  return new Map(
    lines.map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ')))]),
  );
}

/** The sum of a family's samples whose labels include every one given. */
function total(samples: Scrape, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [series, value] of samples) {
    const named = series === name || series.startsWith(`${name}{`);
    if (named && Object.entries(labels).every(([label, text]) => series.includes(`${label}="${text}"`))) sum += value;
  }
  return sum;
}

/** The route labels the request histogram carries. */
const routesOf = (samples: Scrape) =>
  [...samples.keys()]
    .filter((series) => series.startsWith('vendo_http_request_duration_seconds_count{'))
    .map((series) => /route="([^"]*)"/.exec(series)?.[1] ?? '');

let phones = 5591000000;
const nextPhone = () => String(phones++);

/** POST /community_members for one number from one address: the sign-in code's send. */
const askCode = (phone: string, address: string) =>
  fetch(`${t.url}/api/community_members`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ phone, countries: '+52' }),
  });

/** A check of a code for a number that was never sent one: refused as expired. */
async function checkCodeNeverSent() {
  const refused = await t.api().members.confirmCode({ phone: nextPhone(), countries: '+52', verify_code: '1234' });
  expect(refused.ok).toBe(false);
}

/** Asks codes for one number until its limit (codeSendsPerPhone) refuses one. */
async function spendCodeSends() {
  const phone = nextPhone();
  const address = freshAddress();
  let status = 0;
  for (let sent = 0; status !== 429 && sent < 10; sent++) {
    const answer = await askCode(phone, address);
    status = answer.status;
    await answer.arrayBuffer();
  }
  expect(status).toBe(429);
}

/** A card saved and charged for a top-up of 100. */
async function topUpByCard(who: { id: number; token: string }) {
  const api = t.api(who.token);
  const saved = await api.cards.add(who.id, {
    token: await tokenise(t, '4111111111111111'),
    device_session_id: 'd',
    holder_name: 'M',
    brand_name: 'visa',
  });
  if (!saved.ok) throw new Error(`card: ${saved.error.message}`);
  const body = {
    credit_card_id: saved.value.credit_card.id,
    amount: 100,
    currency: 'MXN',
    cvv: '123',
    update_cvv: false,
    with_redirect: false,
  };
  const topUp = await api.topUps.create(who.id, body, { idempotencyKey: 'metrics-top-up' });
  expect(topUp.ok).toBe(true);
}

/** A deal on the demo machine, delivered once the clock moves past its timeline; the scrape meanwhile. */
async function buyDelivered(who: { id: number; token: string }, items: Item[]) {
  const product = items.find((item) => item.sellable && item.price <= 100);
  const created = await t.api(who.token).deals.create(demo, buy(product?.user_code ?? ''), { idempotencyKey: 'd1' });
  if (!created.ok) throw new Error(`deal: ${created.error.message}`);
  duringDeal = await scrape();
  t.clock.advance(10_000);
  const read = await t.api(who.token).deals.get(demo, created.value.deal.id);
  expect(read.ok && read.value.deal.delivery_status).toBe(0);
  return created.value.deal.id;
}

async function refund(who: { id: number; token: string }, deal: number) {
  const report = await t.api(who.token).deals.reportProblem(who.id, deal, { reason: 'not_delivered' });
  expect(report.ok && report.value.problem_report.outcome).toBe('refunded');
}

/** A keypad session opened, then ended by the machine. */
async function keypadSession(token: string) {
  const socket = await signedIn(t, 'teclado', token);
  await t.server.deps.keypads.closeAll();
  socket.terminate();
}

/**
 * A job left due a minute ago and not run: on PostgreSQL one of a task no replica runs, in the library's
 * queue; on PGlite one of this process's timers, whose time the server's clock has passed.
 */
async function overdueJob() {
  if (onPostgres) {
    await sql`select graphile_worker.add_job('metrics_probe', '{}'::json, run_at => now() - interval '1 minute')`.execute(
      t.server.deps.db,
    );
    return;
  }
  await t.server.deps.jobs.at(new Date(t.clock.now().getTime() + 3_600_000), { kind: 'clean_up' });
  t.clock.advance(3_660_000);
}

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { metrics: true });
  demo = await machineId(t, 'demo');
  const items = await itemsOf(t, demo);
  before = await scrape();
  const who = await t.signIn(nextPhone());
  await checkCodeNeverSent();
  await spendCodeSends();
  await topUpByCard(who);
  dealId = await buyDelivered(who, items);
  await refund(who, dealId);
  await keypadSession(who.token);
  await overdueJob();
  after = await scrape();
}, 60_000);
afterAll(() => t.close());

describe('/metrics: each family moves during a journey (issue 33 point 3)', () => {
  it.each([
    ['requests, by route pattern', 'vendo_http_request_duration_seconds_count', { route: '/api/community_members' }],
    ['request durations', 'vendo_http_request_duration_seconds_sum', {}],
    ['refusals among the requests, by status', 'vendo_http_request_duration_seconds_count', { status: '429' }],
    ['deals by outcome', 'vendo_deals_total', { outcome: 'delivered' }],
    ['top-ups by mode and outcome', 'vendo_top_ups_total', { mode: 'card', outcome: 'paid' }],
    ['refunds', 'vendo_refunds_total', { outcome: 'refunded' }],
    ['sign-in codes sent', 'vendo_sign_in_codes_sent_total', {}],
    [
      'sign-in code checks refused, by reason',
      'vendo_sign_in_codes_refused_total',
      { step: 'check', reason: 'code_expired' },
    ],
    [
      'sign-in code sends refused, by reason',
      'vendo_sign_in_codes_refused_total',
      { step: 'send', reason: 'too_many_requests' },
    ],
    ['rate-limit refusals by name', 'vendo_rate_limit_refusals_total', { limit: 'codeSendsPerPhone' }],
    ['keypad sessions opened', 'vendo_keypad_sessions_total', { event: 'opened' }],
    ['keypad sessions ended', 'vendo_keypad_sessions_total', { event: 'ended' }],
    ['the process (CPU time)', 'process_cpu_user_seconds_total', {}],
  ])('counts %s', (_, name, labels) => {
    expect(total(after, name, labels)).toBeGreaterThan(total(before, name, labels));
  });

  it("reads the job queue's depth when scraped: a deal's steps wait in it while the deal is on its way", () => {
    expect(total(duringDeal, 'vendo_job_queue_depth')).toBeGreaterThan(total(before, 'vendo_job_queue_depth'));
  });

  it('reads how long the job due the longest has waited past its time', () => {
    expect(total(before, 'vendo_job_oldest_due_age_seconds')).toBeLessThan(60);
    expect(total(after, 'vendo_job_oldest_due_age_seconds')).toBeGreaterThanOrEqual(60);
  });

  it("reads the database pool's connections (PGlite: its one connection)", () => {
    const connections = total(after, 'vendo_db_pool_connections', { state: 'total' });

    if (onPostgres) expect(connections).toBeGreaterThan(0);
    else expect(connections).toBe(1);
  });
});

describe('/metrics: routes by pattern, on a port of its own (issue 33 point 3)', () => {
  it('labels requests by the route pattern, never the raw path', () => {
    const routes = routesOf(after);

    expect(routes).toContain('/api/product_servers/:id/deals/:dealId');
    expect(routes.filter((route) => route.includes(String(dealId)))).toEqual([]);
  });

  it('labels a path no route names with one fixed label, however many are asked for', async () => {
    await (await fetch(`${t.url}/no-such-page-${nextPhone()}`)).arrayBuffer();

    const routes = routesOf(await scrape());

    expect(routes).toContain('page');
    expect(routes.filter((route) => route.includes('no-such-page'))).toEqual([]);
  });

  it('answers 404 for /metrics on the public port', async () => {
    const answer = await fetch(`${t.url}/metrics`);

    expect(answer.status).toBe(404);
  });

  it('listens on loopback', () => {
    expect(new URL(t.server.metricsUrl ?? '').hostname).toBe('127.0.0.1');
  });

  it('serves members without /metrics when its port is already taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const second = await startTestServer(undefined, undefined, undefined, { metrics: { port } });
      try {
        expect(second.server.metricsUrl).toBeNull();
        expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      taken.close();
    }
  });
});
