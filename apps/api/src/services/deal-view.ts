/** A deal as the member reads it (spec §7 Deal), from one query over the deal, its machine and its product. */
import { type Deal, fromMinorUnits, SaleType } from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Lang } from '../domain/lang.ts';

const paymentNames: Record<string, Record<Lang, string>> = {
  balance: { es: 'Saldo', en: 'Balance' },
  card: { es: 'Tarjeta', en: 'Card' },
  sample: { es: 'Muestra', en: 'Sample' },
  service: { es: 'Servicio', en: 'Service' },
};

function paymentCode(saleType: number, cardId: number | null) {
  if (saleType === SaleType.sample) return 'sample';
  if (saleType === SaleType.service) return 'service';
  return cardId ? 'card' : 'balance';
}

/** Deals with their machine and product, as dealView reads them. */
export function dealQuery(db: Db) {
  return db
    .selectFrom('deals')
    .innerJoin('machines', 'machines.id', 'deals.machine_id')
    .leftJoin('products', 'products.id', 'deals.product_id')
    .select([
      'deals.id',
      'deals.member_id',
      'deals.machine_id',
      'deals.delivery_status',
      'deals.user_code',
      'deals.sale_type_code',
      'deals.price_cents',
      'deals.charged_cents',
      'deals.credit_card_id',
      'deals.settled_at',
      'deals.created_at',
      'deals.locale',
      'deals.timeline',
      'deals.started_at',
      'deals.connect_timeout_ms',
      'deals.currency',
      'machines.name as machine_name',
      'machines.campaign',
      'products.id as product_id',
      'products.name as product_name',
      'products.photo_url as product_photo_url',
      'products.price_cents as product_price_cents',
      'deals.reward_program_id',
      'deals.bonus_cents',
      'deals.bonus_charged_cents',
      // Issue 36: the stamps the purchase keeps (earned less taken back), and whether its machine runs any program.
      sql<number>`(select coalesce(sum(s.amount_cents), 0)::int from ledger_entries s
        where s.member_id = deals.member_id and s.kind in ('stamp', 'stamp_back') and s.reference like deals.id::text || ':%')`.as(
        'stamps_kept',
      ),
      sql<boolean>`exists (select 1 from reward_programs p where p.operator_id = machines.operator_id
        and (p.machine_id is null or p.machine_id = machines.id))`.as('rewards_shown'),
    ]);
}

/**
 * Issue 36: what the purchase earned and used (Deal.rewards), on a machine that runs a program or a purchase
 * that used one; elsewhere the field is left out, as another provider's deal would be.
 */
function dealRewards(row: DealRow): Deal['rewards'] {
  const stamps = Number(row.stamps_kept);
  const used = row.reward_program_id !== null || row.bonus_cents > 0 || stamps > 0;
  if (!row.rewards_shown && !used) return undefined;
  return {
    stamps,
    reward_used: row.reward_program_id !== null,
    bonus_paid: fromMinorUnits(row.settled_at ? row.bonus_charged_cents : row.bonus_cents, row.currency),
  };
}

type DealRow = Awaited<ReturnType<ReturnType<typeof dealQuery>['executeTakeFirstOrThrow']>>;

export function dealView(row: DealRow): Deal {
  const code = paymentCode(row.sale_type_code, row.credit_card_id);
  const lang: Lang = row.locale === 'en' ? 'en' : 'es';
  const rewards = dealRewards(row);
  return {
    id: row.id,
    delivery_status: row.delivery_status,
    payment_type: { code, name: paymentNames[code]?.[lang] ?? code },
    user_code: row.user_code,
    cash_paid: fromMinorUnits(row.settled_at ? row.charged_cents : row.price_cents, row.currency),
    deal_date: row.created_at.toISOString(),
    product:
      row.product_id !== null && row.product_name !== null
        ? {
            id: row.product_id,
            name: row.product_name,
            photo_url: row.product_photo_url,
            price: row.product_price_cents === null ? null : fromMinorUnits(row.product_price_cents, row.currency),
          }
        : null,
    product_server_name: row.machine_name,
    sale_type_code: row.sale_type_code as Deal['sale_type_code'],
    cta_button_text: row.campaign?.cta_button_text ?? null,
    cta_image_url: row.campaign?.cta_image_url ?? null,
    cta_text: row.campaign?.cta_text ?? null,
    cta_url: row.campaign?.cta_url ?? null,
    ...(rewards ? { rewards } : {}),
  };
}
