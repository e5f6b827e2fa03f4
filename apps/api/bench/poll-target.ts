// The deal polls the benches send: members of their own, each with one deal on the demo machine.
import { SaleType } from '@vendo/core/contract';
import type { Target } from './load.ts';

export const members = Number(process.env.BENCH_MEMBERS ?? 300);

export async function post(url: string, body: unknown, token?: string) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token token=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** Members of their own, each with one deal on demo: what a poll asks for. */
export async function pollTarget(base: string): Promise<Target> {
  const found = (await (await fetch(`${base}/api/product_server/demo`)).json()) as { product_server: { id: number } };
  const machine = found.product_server.id;
  const pollers: { token: string; dealId: number }[] = [];
  for (let index = 0; index < members; index++) {
    const made = await post(`${base}/__dev/members`, { phone: `+52${5600000000 + index}`, balance: 100 });
    const token = made.auth_token as string;
    const { deal } = (await post(
      `${base}/api/product_servers/${machine}/deals`,
      { user_code: '10', sale_type_code: SaleType.sale, origin: 'web', any_product: false, locale: 'es' },
      token,
    )) as { deal: { id: number } };
    pollers.push({ token, dealId: deal.id });
  }
  // The demo machine delivers within 5.5 s: the polls measured are the steady reads of a member's screen,
  // not the burst of 300 deliveries being settled and charged at once.
  await new Promise((resolve) => setTimeout(resolve, 7_000));
  return {
    request: (index) => {
      const poller = pollers[index % pollers.length] as { token: string; dealId: number };
      return { path: `/api/product_servers/${machine}/deals/${poller.dealId}`, token: poller.token };
    },
  };
}
