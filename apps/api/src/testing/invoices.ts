import type { TaxProfile } from '@vendo/core/contract';
import type { InvoicingPort } from '../cfdi/emulated-pac.ts';
import type { Clock } from '../domain/clock.ts';
import { demoIssuer } from '../invoice-settings.ts';
import type { Invoicing } from '../services/invoices.ts';
import { emulatedInvoicing } from '../services/sat-register.ts';
import type { TestServer } from './harness.ts';

/** SAT's test taxpayer the emulated register knows: a persona física in regime 612, asking for G03. */
export const berenice: TaxProfile = {
  rfc: 'XIQB891116QE4',
  name: 'BERENICE XIMO QUEZADA',
  postal_code: '40968',
  tax_regime: '612',
  cfdi_use: 'G03',
};

/** A clock stopped at an instant (written with its offset, as Mexico City reads it). */
export const stoppedAt = (instant: string): Clock => ({ now: () => new Date(instant) });

/** A top-up of the member's, as the ledger left it: credited (paid) in MXN unless told otherwise. Its id. */
export async function topUpOf(
  t: TestServer,
  memberId: number,
  topUp: {
    cents?: number;
    paidAt?: string;
    currency?: string;
    status?: 'paid' | 'pending';
    method?: 'card' | 'spei';
  } = {},
) {
  const paidAt = topUp.paidAt ? new Date(topUp.paidAt) : t.clock.now();
  const row = await t.server.deps.db
    .insertInto('top_ups')
    .values({
      member_id: memberId,
      amount_cents: topUp.cents ?? 20_000,
      currency: topUp.currency ?? 'MXN',
      status: topUp.status ?? 'paid',
      method: topUp.method ?? 'spei',
      created_at: paidAt,
      paid_at: topUp.status === 'pending' ? null : paidAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The member's tax profile saved straight into the database (the route's checks are tested on their own). */
export async function profileOf(t: TestServer, memberId: number, profile: TaxProfile = berenice) {
  const row = { ...profile, updated_at: new Date() };
  await t.server.deps.db
    .insertInto('tax_profiles')
    .values({ member_id: memberId, ...row })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(row))
    .execute();
}

/** What the invoices service needs, from the running server, with the clock and PAC a test chooses. */
export function invoicingOf(
  t: TestServer,
  choice: { clock?: Clock; invoicing?: InvoicingPort; pacTimeoutMs?: number; log?: Invoicing['log'] } = {},
): Invoicing {
  const clock = choice.clock ?? t.clock;
  return {
    db: t.server.deps.db,
    clock,
    invoicing: choice.invoicing ?? emulatedInvoicing(t.server.deps.db, clock),
    invoiceIssuer: demoIssuer,
    log: choice.log ?? t.server.deps.log,
    ...(choice.pacTimeoutMs === undefined ? {} : { pacTimeoutMs: choice.pacTimeoutMs }),
  };
}

/** The attribute of the first element named `element` in an XML text (enough to read a CFDI's few values). */
export function attributeOf(xml: string, element: string, attribute: string): string | undefined {
  const tag = new RegExp(`<${element}\\b[^>]*\\s${attribute}="([^"]*)"`).exec(xml);
  return tag?.[1];
}

/**
 * A balance refund of the member's giving back `cents` of the top-up, through one SPEI part in that status,
 * written straight into the database (the refund's own rules are tested with it).
 */
export async function refundShareOf(
  t: TestServer,
  memberId: number,
  topUpId: number,
  part: { cents?: number; status?: 'requested' | 'sent' | 'done' | 'refused' } = {},
) {
  const { db } = t.server.deps;
  const cents = part.cents ?? 5_000;
  const status = part.status ?? 'done';
  const refund = await db
    .insertInto('balance_refunds')
    .values({ member_id: memberId, currency: 'MXN', amount_cents: cents, status, requested_at: t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('balance_refund_parts')
    .values({
      balance_refund_id: refund.id,
      position: 1,
      way: 'spei',
      amount_cents: cents,
      status,
      clabe: '002010077777777771',
      holder: 'BERENICE XIMO QUEZADA',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('balance_refund_shares')
    .values({ part_id: row.id, top_up_id: topUpId, amount_cents: cents })
    .execute();
}
