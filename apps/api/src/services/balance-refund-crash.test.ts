import { createApi } from '@vendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberWithCard,
  postJson as post,
  processData,
  type ServerProcess,
  startServerProcess,
} from '../testing/process.ts';

/*
 * Issue 37 point 4: a process killed after the card provider refunded a part and before the part was recorded. The
 * next start sends the refund again; the provider keeps its refund id once, so the card gets the money once.
 */
const shared = processData('vendo-refund-crash-');
let running: ServerProcess | null = null;

beforeAll(() => shared.create());
afterAll(async () => {
  await running?.kill();
  await shared.remove();
});

async function start() {
  running = await startServerProcess(shared.data);
  return running;
}

const refundsAt = async (url: string) =>
  ((await (await fetch(`${url}/__dev/provider/refunds`)).json()) as { refunds: { amount_cents: number }[] }).refunds;

describe('a crash between the card refund and its record (issue 37 point 4)', () => {
  it('pays the card once and ends the refund done after a restart', { timeout: 120_000 }, async () => {
    let server = await start();
    const who = await memberWithCard(server.url, '+525581000037');
    const api = (url: string) =>
      createApi({ baseUrl: `${url}/api/`, getToken: () => who.token, getLocale: () => 'es' });
    const topUp = await api(server.url).topUps.create(
      who.id,
      { credit_card_id: who.cardId, amount: 100, currency: 'MXN', cvv: '123', update_cvv: false, with_redirect: false },
      { idempotencyKey: 'refund-crash-top-up' },
    );
    expect(topUp.ok).toBe(true);
    await post(`${server.url}/__dev/provider`, { answer_delay_ms: 30_000 });
    const asked = await api(server.url).balanceRefunds.create(
      who.id,
      { currency: 'MXN' },
      { idempotencyKey: 'refund-crash' },
    );
    await expect.poll(async () => (await refundsAt(server.url)).length, { timeout: 20_000 }).toBe(1);

    await server.kill();
    server = await start();

    const id = asked.ok ? asked.value.balance_refund.id : 0;
    const statusOf = async () => {
      const listed = await api(server.url).balanceRefunds.list(who.id);
      return listed.ok ? listed.value.balance_refunds.find((refund) => refund.id === id)?.status : null;
    };
    await expect.poll(statusOf, { timeout: 20_000 }).toBe('done');
    expect((await refundsAt(server.url)).map((refund) => refund.amount_cents)).toEqual([10_000]);
    const balances = await api(server.url).balances.list(who.id);
    expect(balances.ok && balances.value.balances[0]?.amount).toBe(0);
    await server.stop();
    running = null;
  });
});
