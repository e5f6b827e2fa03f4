import { fromMinorUnits, type ProductServer, type ProductServerItem } from '@vendo/core/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Tables } from '../db/schema.ts';
import { refuse } from '../domain/errors.ts';

type MachineRow = Selectable<Tables['machines']>;

export async function machineById(db: Db, id: number) {
  const machine = await db.selectFrom('machines').selectAll().where('id', '=', id).executeTakeFirst();
  if (!machine) throw refuse('machine_not_found');
  return machine;
}

export async function machineByName(db: Db, name: string) {
  const machine = await db
    .selectFrom('machines')
    .selectAll()
    .where('name', '=', name.trim().toLowerCase())
    .executeTakeFirst();
  if (!machine) throw refuse('machine_not_found');
  return machine;
}

export async function machineView(db: Db, machine: MachineRow): Promise<ProductServer> {
  const banners = await db
    .selectFrom('banners')
    .select(['id', 'banner_type', 'url'])
    .where('machine_id', '=', machine.id)
    .orderBy('position', 'asc')
    .execute();
  return {
    id: machine.id,
    name: machine.name,
    status: machine.status,
    image_url: machine.image_url,
    contact_info: machine.contact_info,
    banners,
    payment_settings: { direct_payment: machine.direct_payment },
    has_rfid: machine.has_rfid,
    has_remote_rfid: machine.has_remote_rfid,
    connect_to_machine_timeout: machine.connect_to_machine_timeout,
    user_type_timeout: machine.user_type_timeout,
    bring_near_rfid_timeout: machine.bring_near_rfid_timeout,
    settings: { automatic_delivery: machine.automatic_delivery },
    country: {
      currency_iso: machine.currency_iso,
      iso: machine.country_iso,
      minimun_top_up: fromMinorUnits(machine.minimun_top_up_cents, machine.currency_iso),
    },
    mobile_keyboard_type: machine.mobile_keyboard_type,
  };
}

/** The ten machines the member opened last, the latest first. */
export async function recentMachines(db: Db, memberId: number) {
  return db
    .selectFrom('machine_visits')
    .innerJoin('machines', 'machines.id', 'machine_visits.machine_id')
    .select(['machines.id', 'machines.name', 'machines.status', 'machines.image_url'])
    .where('machine_visits.member_id', '=', memberId)
    .orderBy('machine_visits.visited_at', 'desc')
    .limit(10)
    .execute();
}

/** What a keypad socket needs of a machine, or undefined when no machine has the name. */
export async function keypadMachine(db: Db, name: string) {
  return db
    .selectFrom('machines')
    .select(['name', 'mobile_keyboard_type', 'user_type_timeout'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function recordVisit(db: Db, memberId: number, machineId: number, at: Date) {
  await db
    .insertInto('machine_visits')
    .values({ member_id: memberId, machine_id: machineId, visited_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'machine_id']).doUpdateSet({ visited_at: at }))
    .execute();
}

const productColumns = [
  'products.id',
  'products.name',
  'products.price_cents',
  'products.photo_url',
  'products.thumbnail_url',
  'products.description',
  'products.upc',
  'products.user_code',
  'products.sellable',
  'products.serviceable',
  'products.sampleable',
  'products.sample_price_cents',
  'products.nutritional_information_image_url',
  'products.stock',
  'categories.name as category_name',
  'categories.display_name as category_display_name',
  'categories.priority_order as category_priority_order',
  'machines.currency_iso',
] as const;

function productQuery(db: Db, machineId: number) {
  return db
    .selectFrom('products')
    .innerJoin('machines', 'machines.id', 'products.machine_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select(productColumns)
    .where('products.machine_id', '=', machineId)
    .orderBy('products.id', 'asc');
}

/** The machine's products: all, or only those payable by card, or only those it gives as a service. */
export async function listProducts(
  db: Db,
  machineId: number,
  only?: 'payable_by_card' | 'serviceable',
): Promise<ProductServerItem[]> {
  let query = productQuery(db, machineId);
  if (only === 'payable_by_card') query = query.where('products.payable_by_card', '=', true);
  if (only === 'serviceable') query = query.where('products.serviceable', '=', true);
  return (await query.execute()).map(productView);
}

/** One of the machine's products, or null when the machine has no such product. */
export async function productOf(db: Db, machineId: number, productId: number): Promise<ProductServerItem | null> {
  const row = await productQuery(db, machineId).where('products.id', '=', productId).executeTakeFirst();
  return row ? productView(row) : null;
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['execute']>>[number];

export function productView(row: ProductRow): ProductServerItem {
  return {
    id: row.id,
    name: row.name,
    // Prices are kept in the minor units of the machine's currency (issue 32 point 5).
    price: fromMinorUnits(row.price_cents, row.currency_iso),
    photo_url: row.photo_url,
    thumbnail_url: row.thumbnail_url,
    description: row.description,
    upc: row.upc,
    user_code: row.user_code,
    sell_options: { sellable: row.sellable, serviceable: row.serviceable, sampleable: row.sampleable },
    sampling:
      row.sample_price_cents === null ? null : { price: fromMinorUnits(row.sample_price_cents, row.currency_iso) },
    nutritional_information_image_url: row.nutritional_information_image_url,
    product_category: row.category_name
      ? {
          name: row.category_name,
          display_name: row.category_display_name,
          priority_order: row.category_priority_order,
        }
      : null,
    // Issue 35 point 1: a product the machine does not count is always available, and its stock unsaid.
    available: row.stock === null || row.stock > 0,
    ...(row.stock === null ? {} : { stock: row.stock }),
  };
}
