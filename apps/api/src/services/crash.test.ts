import { rmSync } from 'node:fs';
import { createApi } from '@vendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftableClock, startTestServer } from '../testing/harness.ts';
import {
  memberWithCard,
  postJson as post,
  processData,
  type ServerProcess,
  startServerProcess,
} from '../testing/process.ts';
import { buy } from '../testing/shop.ts';
import { buyLockSeconds } from './buy-lock.ts';

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

describe('after a crash, "purchase in progress" says until when (issue 32 point 9, spec §4 buy)', () => {
  it("answers every 409 with Retry-After, and a buy goes through once the killed process's lease ends", {
    timeout: 120_000,
  }, async () => {
    // Four members, each with a direct-payment buy held by a provider that answers 30 s late.
    const killed = await startServerProcess(data, { VENDO_ADDRESS_LIMITS_SCALE: '10' });
    running = killed;
    const members = await Promise.all([0, 1, 2, 3].map((n) => memberWithCard(killed.url, `+52558100010${n}`)));
    const api = (url: string, token: string) =>
      createApi({ baseUrl: `${url}/api/`, getToken: () => token, getLocale: () => 'es' });
    const demo = await api(killed.url, '').machines.findByName('demo');
    const machine = demo.ok ? demo.value.product_server.id : 0;
    await post(`${killed.url}/__dev/provider`, { answer_delay_ms: 30_000 });
    const inFlight = members.map((who) =>
      api(killed.url, who.token)
        .deals.create(machine, buy('10', { credit_card_id: who.cardId }), { idempotencyKey: `in-flight-${who.id}` })
        .catch(() => null),
    );
    const ofTheseBuys = async () =>
      (await charges(killed.url)).filter((charge) => charge.order_id.includes(':in-flight-'));
    await expect.poll(async () => (await ofTheseBuys()).length, { timeout: 20_000 }).toBe(members.length);

    await killed.kill();
    await Promise.all(inFlight);
    running = null;
    // Started again on the same database, in this process, on a clock the test moves.
    const clock = shiftableClock();
    const t = await startTestServer(data.dataDir, clock, data.databaseUrl);
    try {
      const others = await Promise.all(
        members.map((who) => t.api(who.token).deals.create(machine, buy('10'), { idempotencyKey: `other-${who.id}` })),
      );
      const replays = await Promise.all(
        members.map((who) =>
          t.api(who.token).deals.create(machine, buy('10', { credit_card_id: who.cardId }), {
            idempotencyKey: `in-flight-${who.id}`,
          }),
        ),
      );
      const conflicts = [...others, ...replays].flatMap((answer) =>
        !answer.ok && answer.error.status === 409 ? [answer.error] : [],
      );
      expect(others.map((answer) => !answer.ok && answer.error.error_code)).toEqual(
        members.map(() => 'purchase_in_progress'),
      );
      expect(conflicts.map((error) => error.retry_after)).toEqual(
        conflicts.map(() =>
          expect.toSatisfy((seconds: number | null) => seconds !== null && seconds <= buyLockSeconds),
        ),
      );

      clock.advance(Math.max(...conflicts.map((error) => error.retry_after ?? 0)) * 1_000);
      const after = await Promise.all(
        members.map((who) => t.api(who.token).deals.create(machine, buy('10'), { idempotencyKey: `other-${who.id}` })),
      );
      expect(after.map((answer) => answer.ok)).toEqual(members.map(() => true));
    } finally {
      await t.server.close();
      rmSync(t.webRoot, { recursive: true, force: true });
    }
  });
});
