import { type CreateDealRequest, type ProductServerItem, SaleType, type SellOptions } from '@vendo/core/contract';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

export type Item = ProductServerItem & SellOptions;

/** The id of a seeded machine, by name. */
export async function machineId(t: TestServer, name: string) {
  const found = await t.api().machines.findByName(name);
  if (!found.ok) throw new Error(name);
  return found.value.product_server.id;
}

/** What a seeded machine sells, each item with its sell options flattened. */
export async function itemsOf(t: TestServer, machine: number): Promise<Item[]> {
  const listed = await t.api().products.list(machine);
  if (!listed.ok) throw new Error('no products');
  return listed.value.product_server_items.map((item) => ({ ...item, ...item.sell_options }));
}

/** A buy as the app sends it (spec §7 POST product_servers/{id}/deals). */
export const buy = (user_code: string, extra: Partial<CreateDealRequest> = {}): CreateDealRequest => ({
  user_code,
  sale_type_code: SaleType.sale,
  origin: 'web',
  any_product: false,
  locale: 'es',
  ...extra,
});

/** The member's balance in pesos. */
export async function balanceOf(t: TestServer, who: { id: number; token: string }) {
  const result = await t.api(who.token).balances.list(who.id);
  if (!result.ok) throw new Error(result.error.message ?? result.error.kind);
  return result.value.balances[0]?.amount;
}

/** A file's test server with the demo world: started before its tests, closed after, demo's id and products read. */
export function demoShop(): { readonly t: TestServer; readonly demo: number; readonly items: Item[] } {
  const shop = {} as { t: TestServer; demo: number; items: Item[] };
  beforeAll(async () => {
    shop.t = await startTestServer();
    shop.demo = await machineId(shop.t, 'demo');
    shop.items = await itemsOf(shop.t, shop.demo);
  });
  afterAll(() => shop.t.close());
  return shop;
}
