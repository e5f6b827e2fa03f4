import { createApi } from '@vendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberWithCard,
  postJson as post,
  processData,
  type ServerProcess,
  startServerProcess,
} from './testing/process.ts';

const shared = processData('vendo-crash-');
const { data } = shared;
let running: ServerProcess | null = null;

beforeAll(() => shared.create());
afterAll(async () => {
  await running?.kill();
  await shared.remove();
});

async function start() {
  running = await startServerProcess(data);
  return running;
}

const json = async <T>(response: Response) => (await response.json()) as T;
const charges = async (url: string) =>
  (await json<{ charges: { order_id: string; amount_cents: number }[] }>(await fetch(`${url}/__dev/provider/charges`)))
    .charges;

async function balanceOf(url: string, who: { id: number; token: string }) {
  const api = createApi({ baseUrl: `${url}/api/`, getToken: () => who.token, getLocale: () => 'es' });
  const balances = await api.balances.list(who.id);
  return balances.ok ? balances.value.balances[0]?.amount : null;
}

describe('a crash between the card charge and the ledger (issue: no charge is ever unbooked or booked twice)', () => {
  it('books a top-up the provider charged before the process was killed, once, after a restart', {
    timeout: 120_000,
  }, async () => {
    let server = await start();
    const who = await memberWithCard(server.url, '+525581000001');
    await post(`${server.url}/__dev/provider`, { answer_delay_ms: 30_000 });
    const body = {
      credit_card_id: who.cardId,
      amount: 100,
      currency: 'MXN',
      cvv: '123',
      update_cvv: false,
      with_redirect: false,
    };
    const topUp = (url: string) =>
      fetch(`${url}/api/community_members/${who.id}/top_ups`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Token token=${who.token}`,
          'Idempotency-Key': 'crash-1',
        },
      });
    const inFlight = topUp(server.url).catch(() => null);
    await expect.poll(async () => (await charges(server.url)).length, { timeout: 20_000 }).toBe(1);

    await server.kill();
    await inFlight;
    server = await start();

    expect(await balanceOf(server.url, who)).toBe(100);
    const replay = await topUp(server.url);
    // The key of the killed request is still running for its lease: "still working", never 24 hours of 409.
    expect(replay.status).toBe(409);
    expect(Number(replay.headers.get('Retry-After'))).toBeLessThanOrEqual(30);
    await server.stop();
    server = await start();
    expect(await balanceOf(server.url, who)).toBe(100);
    expect(await charges(server.url)).toHaveLength(1);
    await server.stop();
    running = null;
  });

  it('loads the difference of a direct-payment buy once when the process is killed after the charge', {
    timeout: 120_000,
  }, async () => {
    let server = await start();
    const who = await memberWithCard(server.url, '+525581000002');
    const api = createApi({ baseUrl: `${server.url}/api/`, getToken: () => who.token, getLocale: () => 'es' });
    const demo = await api.machines.findByName('demo');
    const machine = demo.ok ? demo.value.product_server.id : 0;
    await post(`${server.url}/__dev/provider`, { answer_delay_ms: 30_000 });
    const inFlight = api.deals
      .create(
        machine,
        {
          user_code: '10',
          sale_type_code: 2,
          origin: 'web',
          any_product: false,
          locale: 'es',
          credit_card_id: who.cardId,
        },
        { idempotencyKey: 'crash-2' },
      )
      .catch(() => null);
    const ofThisBuy = async () => (await charges(server.url)).filter((charge) => charge.order_id.includes(':crash-2'));
    await expect.poll(async () => (await ofThisBuy()).length, { timeout: 20_000 }).toBe(1);
    const charged = await ofThisBuy();

    await server.kill();
    await inFlight;
    server = await start();

    expect(await balanceOf(server.url, who)).toBe((charged[0]?.amount_cents ?? 0) / 100);
    expect(await ofThisBuy()).toHaveLength(1);
    await server.stop();
    running = null;
  });
});
