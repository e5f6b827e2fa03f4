import { fromMinorUnits, type LastTransaction } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Lang } from '../domain/lang.ts';

/**
 * What the member's last movement was, in words they read on the profile (spec §2 /profile):
 * the product and the machine for a purchase, never the ledger's own kind ("deal").
 */
const texts = {
  es: {
    top_up: () => 'Recarga de saldo',
    deal: (product: string | null, machine: string) => (product ? `${product} en ${machine}` : `Compra en ${machine}`),
    refund: (product: string | null, machine: string) =>
      product ? `Devolución de ${product} en ${machine}` : `Devolución de una compra en ${machine}`,
  },
  en: {
    top_up: () => 'Balance top-up',
    deal: (product: string | null, machine: string) =>
      product ? `${product} at ${machine}` : `Purchase at ${machine}`,
    refund: (product: string | null, machine: string) =>
      product ? `Refund of ${product} at ${machine}` : `Refund of a purchase at ${machine}`,
  },
} as const;

export async function lastTransaction(db: Db, memberId: number, lang: Lang): Promise<LastTransaction | null> {
  const last = await db
    .selectFrom('ledger_entries')
    .select(['amount_cents', 'currency', 'created_at', 'kind', 'reference'])
    .where('member_id', '=', memberId)
    .where('kind', '!=', 'seed')
    // The member's money (issue 36): a stamp or a bonus is no transaction of theirs.
    .where('pocket', '=', 'own')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return null;
  const said = texts[lang];
  let description: string = said.top_up();
  if (last.kind === 'deal' || last.kind === 'refund') {
    // A purchase's and a refund's reference is the deal's id.
    const deal = await db
      .selectFrom('deals')
      .innerJoin('machines', 'machines.id', 'deals.machine_id')
      .leftJoin('products', 'products.id', 'deals.product_id')
      .select(['machines.name as machine', 'products.name as product'])
      .where('deals.id', '=', Number(last.reference))
      .executeTakeFirst();
    description = said[last.kind](deal?.product ?? null, deal?.machine ?? '');
  }
  return { amount: fromMinorUnits(last.amount_cents, last.currency), date: last.created_at.toISOString(), description };
}
