import { deliveryStatus, SaleType } from '@vendo/core/contract';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { worldResetChannel } from '../db/notifications.ts';
import type { CampaignColumn, Tables } from '../db/schema.ts';
import type { TimelineStep } from '../domain/timeline.ts';
import { book } from '../services/ledger.ts';
import { type CategoryName, categories, demoItems, slug } from './catalog.ts';

/** The seed's own tables are known to hold these rows; a gap is a bug in the seed. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: missing ${what}`);
  return value;
}

/** A seeded machine, with the name of the operator that runs it (Vendo Demo unless named). */
type Machine = Omit<Insertable<Tables['machines']>, 'campaign' | 'operator_id'> & {
  campaign?: CampaignColumn;
  operator?: string;
};

/** Issue 36: the demo world's operators. Vendo Demo runs every machine the journeys knew, with no program. */
export const demoOperator = 'Vendo Demo';
export const rewardsOperator = 'Café Premia';

const machineDefaults: Omit<Machine, 'name'> = {
  status: 'online',
  image_url: null,
  contact_info: 'soporte@vendo.mx',
  direct_payment: false,
  has_rfid: false,
  has_remote_rfid: false,
  connect_to_machine_timeout: 60_000,
  user_type_timeout: 30,
  bring_near_rfid_timeout: 20,
  automatic_delivery: false,
  currency_iso: 'MXN',
  country_iso: 'MX',
  minimun_top_up_cents: 5_000,
  mobile_keyboard_type: null,
};

/** Every kind of machine the spec names, under the names the tests and the README use. */
const machine = (settings: Partial<Machine> & { name: string }): Machine => ({
  ...machineDefaults,
  ...settings,
  image_url: `/media/machines/${settings.name}.svg`,
});

const machines: Machine[] = [
  machine({ name: 'demo', direct_payment: true }),
  machine({ name: 'teclado', mobile_keyboard_type: 'numeric' }),
  // A second keypad machine, so journeys on two phone sizes never close each other's keypad sessions.
  machine({ name: 'teclado2', mobile_keyboard_type: 'numeric' }),
  machine({ name: 'auto', automatic_delivery: true }),
  machine({ name: 'rfid', has_rfid: true }),
  machine({ name: 'remoto', has_remote_rfid: true }),
  machine({ name: '757' }),
  machine({ name: 'nim115a' }),
  machine({ name: 'apagada', status: 'offline' }),
  machine({
    name: 'campana',
    campaign: {
      cta_button_text: 'Descarga la app',
      cta_image_url: '/media/campaigns/campana-otono.svg',
      cta_text: 'Gracias por participar en la campaña de otoño.',
      cta_url: 'https://vendo.mx/campana',
      requirement_url: '/campaign/campana',
    },
  }),
  machine({ name: 'grande' }),
  // Issue 32 point 5: a machine in another currency, yen (no decimals), with Japan's own top-up minimum.
  machine({ name: 'tokio', currency_iso: 'JPY', country_iso: 'JP', minimun_top_up_cents: 500 }),
  // Issue 36: Café Premia's two machines, where its stamp card and top-up bonus run; the second loads what the
  // balance does not cover by card (direct payment), as demo does.
  machine({ name: 'premios', operator: rewardsOperator }),
  machine({ name: 'premios2', operator: rewardsOperator, direct_payment: true }),
];

/**
 * What Café Premia's machines sell, by catalogue position (the user code is 10 + the position): under the
 * stamp card's $15 minimum (agua, $14), at or above it, at the reward's $25 cap (yogur) and above it
 * (café, $32; sándwich, $45).
 */
export const premiosItems = [0, 2, 7, 18, 22, 25] as const;

/** Issue 36: Café Premia's programs, for all its machines, started at the seed, with no end, kept 30 days. */
const premiosPrograms = [
  {
    kind: 'stamp_card' as const,
    name: 'Tarjeta de sellos',
    stamps_needed: 8,
    min_price_cents: 1_500,
    reward_cap_cents: 2_500,
    tiers: null,
    bonus_days: null,
  },
  {
    kind: 'top_up_bonus' as const,
    name: 'Bono de recarga',
    stamps_needed: null,
    min_price_cents: null,
    reward_cap_cents: null,
    tiers: JSON.stringify([
      { from: 200, percent: 5 },
      { from: 500, percent: 10 },
    ]),
    bonus_days: 90,
  },
];

/** Yen to the catalogue's peso, roughly: the yen machine's prices are whole yen. */
const yenPerPeso = 10;

const dataTables = [
  'sessions',
  'otp_codes',
  'sms_outbox',
  'mail_outbox',
  'email_confirmations',
  'ledger_entries',
  'idempotency_keys',
  'top_ups',
  'deals',
  'machine_visits',
  'member_configurations',
  'ratings',
  'messages',
  'rfids',
  'card_links',
  'machine_scripts',
  'keypad_keys',
  'keypad_leases',
  'dev_switches',
  'voucher_codes',
  'credit_cards',
  'provider_tokens',
  'reward_programs',
  'products',
  'categories',
  'banners',
  'members',
  'machines',
  'operators',
];

function item(
  machineId: number,
  index: number,
  [name, price, category]: readonly [string, number, CategoryName | null],
  categoryIds: Map<string, number>,
  currency = 'MXN',
): Insertable<Tables['products']> {
  const code = slug(name);
  return {
    machine_id: machineId,
    name,
    // Prices are kept in the minor units of the machine's currency (issue 32 point 5).
    price_cents: currency === 'JPY' ? Math.round(price * yenPerPeso) : Math.round(price * 100),
    photo_url: `/media/products/${code}.svg`,
    thumbnail_url: `/media/products/${code}.svg`,
    description: `${name}. Producto disponible en esta máquina.`,
    upc: `75010${String(100000 + index).padStart(8, '0')}`,
    user_code: String(10 + index),
    sellable: true,
    serviceable: false,
    sampleable: false,
    sample_price_cents: null,
    nutritional_information_image_url: category === 'comida' ? `/media/nutrition/${code}.svg` : null,
    category_id: category ? (categoryIds.get(category) ?? null) : null,
    payable_by_card: false,
  };
}

/** Units each counted product of the demo world starts with: a whole run of the journeys, on one database, never sells one out. */
export const seededStock = 1_000;
/** Issue 35 point 1: what starts sold out, by machine and catalogue position (none a journey buys). */
export const seededSoldOut: Readonly<Record<string, readonly number[]>> = {
  demo: [23, 33],
  grande: [40, 41, 300],
};

const stockOf = (machine: string, index: number, entry: Insertable<Tables['products']>) =>
  entry.serviceable ? null : seededSoldOut[machine]?.includes(index) ? 0 : seededStock;

async function seedProducts(db: Db, machineIds: Map<string, number>, categoryIds: Map<string, number>) {
  const rows = [];
  for (const [name, id] of machineIds) {
    if (name === 'grande') continue;
    if (name.startsWith('premios')) {
      for (const index of premiosItems) {
        const entry = item(id, index, required(demoItems[index], `catalog item ${index}`), categoryIds);
        rows.push({ ...entry, stock: seededStock });
      }
      continue;
    }
    const currency = name === 'tokio' ? 'JPY' : 'MXN';
    const items = demoItems.map((entry, index) => item(id, index, entry, categoryIds, currency));
    // The demo machine also gives samples and sells services (spec §4 sale types 3 and 4).
    items[1] = { ...required(items[1], 'item 1'), sampleable: true, sample_price_cents: 0 };
    items[19] = { ...required(items[19], 'item 19'), sampleable: true, sellable: false, sample_price_cents: 0 };
    items.push({
      ...item(id, 90, ['Recarga de tiempo aire $50', 50, null], categoryIds, currency),
      sellable: false,
      serviceable: true,
    });
    if (name.startsWith('teclado')) for (const entry of items.slice(0, 6)) entry.payable_by_card = true;
    // Issue 35 point 1: the demo world's machines count what they hold, and demo starts with some sold out.
    for (const [index, entry] of items.entries()) entry.stock = stockOf(name, index, entry);
    rows.push(...items);
  }
  const grande = required(machineIds.get('grande'), 'machine grande');
  for (let index = 0; index < 500; index++) {
    const base = required(demoItems[index % demoItems.length], 'catalog item');
    const entry = item(grande, index, [`${base[0]} #${index + 1}`, base[1] + (index % 7), base[2]], categoryIds);
    rows.push({ ...entry, stock: stockOf('grande', index, entry) });
  }
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('products')
      .values(rows.slice(start, start + 200))
      .execute();
  }
}

async function seedMembers(db: Db, demoId: number) {
  const ana = await db
    .insertInto('members')
    .values({
      country: '+52',
      phone: '5512345678',
      name: 'Ana López',
      email: 'ana@vendo.mx',
      birth_date: '1990-04-12',
      gender: 'Mujer',
      // Her address is confirmed: the demo's complete profile (issue 35 point 4).
      email_confirmed_at: new Date('2026-01-15T10:00:00Z'),
      locale: 'es',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('members').values({ country: '+52', phone: '5587654321' }).execute();
  await db
    .insertInto('provider_tokens')
    .values({ id: 'tok_seed_ana_visa', brand: 'visa', last4: '1111', holder_name: 'Ana López', outcome: 'approved' })
    .execute();
  await db
    .insertInto('credit_cards')
    .values({
      member_id: ana.id,
      brand: 'visa',
      last4: '1111',
      holder_name: 'Ana López',
      provider_token: 'tok_seed_ana_visa',
    })
    .execute();
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 15, 30));
  await book(db, { memberId: ana.id, cents: 20_000, kind: 'top_up', reference: 'seed-ana-top-up', at: day(1) });
  const products = await db
    .selectFrom('products')
    .select(['id', 'user_code', 'price_cents'])
    .where('machine_id', '=', demoId)
    .orderBy('id')
    .execute();
  // Delivered deals charge; status 5 (not delivered, no charge) and 10 (unknown machine error) do not.
  const history: [number, number, Date][] = [
    [1, deliveryStatus.delivered, day(3)],
    [8, deliveryStatus.delivered, day(6)],
    [20, deliveryStatus.delivered, day(9)],
    [3, 5, day(12)],
    [5, 10, day(15)],
  ];
  for (const [index, status, at] of history) {
    const product = required(products[index], `demo product ${index}`);
    const charged = status === deliveryStatus.delivered ? product.price_cents : 0;
    const timeline: TimelineStep[] = [{ status, after_ms: 0 }];
    const deal = await db
      .insertInto('deals')
      .values({
        member_id: ana.id,
        machine_id: demoId,
        product_id: product.id,
        user_code: product.user_code,
        sale_type_code: SaleType.sale,
        any_product: false,
        locale: 'es',
        price_cents: product.price_cents,
        credit_card_id: null,
        delivery_status: status,
        timeline: JSON.stringify(timeline),
        started_at: at,
        settled_at: at,
        charged_cents: charged,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (charged) await book(db, { memberId: ana.id, cents: -charged, kind: 'deal', reference: String(deal.id), at });
  }
  // Tops the history up to exactly 150.00 MXN.
  const spent = history.reduce(
    (sum, [index, status]) =>
      sum + (status === deliveryStatus.delivered ? required(products[index], 'product').price_cents : 0),
    0,
  );
  await book(db, { memberId: ana.id, cents: spent - 5_000, kind: 'seed', reference: 'seed-ana-adjust', at: day(1) });
  await db
    .insertInto('machine_visits')
    .values({ member_id: ana.id, machine_id: demoId, visited_at: day(15) })
    .execute();
  await db
    .insertInto('messages')
    .values([
      {
        member_id: ana.id,
        title: 'Nuevo horario del comedor',
        summary: 'La máquina del piso 3 se mueve al comedor.',
        description: 'A partir del lunes la encontrarás junto a la cafetería, abierta de 7 a 22 h.',
        image_url: '/media/banners/comedor.svg',
        action_button_text: 'Ver mapa',
        action_url: 'https://vendo.mx/mapa',
      },
      {
        member_id: ana.id,
        title: 'Promoción',
        summary: '2x1 en bebidas',
        description: 'Un enlace que no es http(s) nunca se sigue.',
        image_url: null,
        action_button_text: 'Abrir',
        action_url: 'javascript:alert(1)',
      },
    ])
    .execute();
}

/** Loads the demo world (first start, and /__dev/reset). */
export async function seed(db: Db): Promise<void> {
  const categoryRows = await db
    .insertInto('categories')
    .values([...categories])
    .returning(['id', 'name'])
    .execute();
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  const operatorRows = await db
    .insertInto('operators')
    .values([{ name: demoOperator }, { name: rewardsOperator }])
    .returning(['id', 'name'])
    .execute();
  const operatorIds = new Map(operatorRows.map((row) => [row.name, row.id]));
  const machineRows = await db
    .insertInto('machines')
    .values(
      machines.map(({ campaign, operator, ...machine }) => ({
        ...machine,
        campaign: campaign ? JSON.stringify(campaign) : null,
        operator_id: required(operatorIds.get(operator ?? demoOperator), `operator ${operator}`),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const machineIds = new Map(machineRows.map((row) => [row.name, row.id]));
  const premia = required(operatorIds.get(rewardsOperator), 'operator Café Premia');
  await db
    .insertInto('reward_programs')
    .values(
      premiosPrograms.map((program) => ({
        ...program,
        operator_id: premia,
        machine_id: null,
        currency: 'MXN',
        starts_at: new Date('2026-01-01T00:00:00Z'),
        ends_at: null,
        keep_days: 30,
      })),
    )
    .execute();
  const banners = machineRows.flatMap((machine) => [
    { machine_id: machine.id, banner_type: 'image', url: `/media/banners/${machine.name}-promo.svg`, position: 1 },
    { machine_id: machine.id, banner_type: 'video', url: `/media/banners/${machine.name}-video.mp4`, position: 2 },
  ]);
  await db.insertInto('banners').values(banners).execute();
  await seedProducts(db, machineIds, categoryIds);
  await seedMembers(db, required(machineIds.get('demo'), 'machine demo'));
}

/**
 * Serialises every load of the demo world. Replicas starting at the same moment on one fresh
 * database would each see it empty and each load it; under this lock, taken in the loading
 * transaction, the second looks only after the first committed. PGlite takes the same SQL.
 */
async function lockDemoWorld(tx: Db) {
  await sql`select pg_advisory_xact_lock(hashtext('vendo:demo-world'))`.execute(tx);
}

/** Loads the demo world when the database has no machines; answers whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await lockDemoWorld(tx);
    const machine = await tx.selectFrom('machines').select('id').limit(1).executeTakeFirst();
    if (machine) return false;
    await seed(tx);
    return true;
  });
}

/**
 * Empties every data table and loads the demo world again. Ids start over, except a deal's: a deal
 * id never names two deals, so what a process keeps of a deal (services/deal-cache.ts) can never
 * answer for another one, even before the announcement of the reset reaches it.
 */
export async function reseed(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockDemoWorld(tx);
    const deals = await sql<{ last_value: string; is_called: boolean }>`select last_value, is_called from deals_id_seq`
      .execute(tx)
      .then(({ rows }) => rows[0]);
    await sql.raw(`truncate ${dataTables.join(', ')} restart identity cascade`).execute(tx);
    if (deals) await sql`select setval('deals_id_seq', ${deals.last_value}, ${deals.is_called})`.execute(tx);
    await seed(tx);
    // Sent when the transaction commits: a session or deal kept by any process is forgotten.
    await sql`select pg_notify(${worldResetChannel}, '')`.execute(tx);
  });
}
