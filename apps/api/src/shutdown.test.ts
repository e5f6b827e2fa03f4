import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import {
  memberWithCard,
  postJson as post,
  processData,
  type ServerProcess,
  startServerProcess,
} from './testing/process.ts';

const shared = processData('vendo-shutdown-');
const { data } = shared;
let running: ServerProcess | null = null;

beforeAll(() => shared.create());
afterAll(async () => {
  await running?.kill();
  await shared.remove();
});

/** What a GET of `url` meets: an answer's status, or `refused` when no connection is accepted. */
const statusOf = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 'refused' as const,
  );

/** Starts a card top-up whose provider answer takes 8 s; resolves once the provider has charged. */
async function slowTopUp(url: string, phone: string, key: string) {
  const who = await memberWithCard(url, phone);
  await post(`${url}/__dev/provider`, { answer_delay_ms: 8_000 });
  const answer = post(
    `${url}/api/community_members/${who.id}/top_ups`,
    { credit_card_id: who.cardId, amount: 100, currency: 'MXN', cvv: '123', update_cvv: false, with_redirect: false },
    { Authorization: `Token token=${who.token}`, 'Idempotency-Key': key },
  ).then(
    (response) => response.status,
    () => 'cut' as const,
  );
  const charged = async () => {
    const { charges } = (await (await fetch(`${url}/__dev/provider/charges`)).json()) as {
      charges: { order_id: string }[];
    };
    return charges.filter((charge) => charge.order_id.includes(`:${key}`)).length;
  };
  await expect.poll(charged, { timeout: 20_000 }).toBe(1);
  // Wrapped: an async function would wait for a promise it returns.
  return { answer };
}

const exitOf = (server: ServerProcess) =>
  new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));

describe('graceful shutdown (issue 16 point 4)', () => {
  it('on SIGTERM turns /readyz 503, stops accepting connections, finishes the running top-up and exits 0', {
    timeout: 120_000,
  }, async () => {
    const server = await startServerProcess(data, { VENDO_SHUTDOWN_DELAY_MS: '5000' });
    running = server;
    // The top-up is still running through the whole shutdown delay.
    const topUp = await slowTopUp(server.url, '+525581000101', 'shutdown-1');
    const exited = exitOf(server);

    server.child.kill('SIGTERM');

    await expect.poll(() => statusOf(`${server.url}/readyz`), { interval: 50, timeout: 4_500 }).toBe(503);
    await expect.poll(() => statusOf(`${server.url}/healthz`), { interval: 200, timeout: 10_000 }).toBe('refused');
    expect([await topUp.answer, await exited]).toEqual([201, 0]);
    running = null;
  });

  it('cuts a request still running when the grace period ends, and still exits 0', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(data, { VENDO_SHUTDOWN_GRACE_MS: '1000' });
    running = server;
    const topUp = await slowTopUp(server.url, '+525581000102', 'shutdown-2');
    const exited = exitOf(server);

    server.child.kill('SIGTERM');

    // Cut after 1 s, long before the provider's answer at 8 s would have let it finish.
    expect([await topUp.answer, await exited]).toEqual(['cut', 0]);
    running = null;
  });
});

describe('shutdown settings (issue 16 point 4)', () => {
  it('waits for nothing and gives running requests 10 s unless told otherwise', () => {
    expect(readConfig({}).shutdown).toEqual({ delayMs: 0, graceMs: 10_000 });
  });

  it('refuses a shutdown time that is not a whole number of milliseconds', () => {
    expect(() => readConfig({ VENDO_SHUTDOWN_DELAY_MS: '5s' })).toThrow('VENDO_SHUTDOWN_DELAY_MS');
    expect(() => readConfig({ VENDO_SHUTDOWN_GRACE_MS: '-1' })).toThrow('VENDO_SHUTDOWN_GRACE_MS');
  });
});
