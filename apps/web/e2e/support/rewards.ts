import { type APIRequestContext, expect } from '@playwright/test';
import { productOf, script } from './deals.ts';

interface Member {
  readonly id: number;
  readonly token: string;
}

/**
 * `count` purchases of one product the member makes on the machine through the API, one after the other,
 * each delivered by the machine and settled before the next: what earns the stamps a journey starts from.
 */
export async function deliveredPurchases(
  request: APIRequestContext,
  member: Member,
  machine: string,
  product: string,
  count: number,
) {
  const headers = { Authorization: `Token token=${member.token}` };
  const { user_code } = await productOf(request, machine, product);
  const found = (await (await request.get(`/api/product_server/${machine}`)).json()) as {
    product_server: { id: number };
  };
  const machineId = found.product_server.id;
  for (let made = 0; made < count; made++) {
    await script(request, machine, member, { deal_statuses: [{ status: 0, after_ms: 100 }] });
    const answer = await request.post(`/api/product_servers/${machineId}/deals`, {
      headers,
      data: { user_code, sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
    });
    expect(answer.status()).toBe(201);
    const { deal } = (await answer.json()) as { deal: { id: number } };
    // A read past the delivery settles it: charged, and stamped.
    await expect
      .poll(async () => {
        const read = await request.get(`/api/product_servers/${machineId}/deals/${deal.id}`, { headers });
        return ((await read.json()) as { deal: { delivery_status: number } }).deal.delivery_status;
      })
      .toBe(0);
  }
}
