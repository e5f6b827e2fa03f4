import { fromMinorUnits, type Invoice, type InvoiceFailure, moneyTimeZone, monthIn } from '@vendo/core/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Tables } from '../db/schema.ts';
import { isoInZone } from '../domain/time-zone.ts';

export type InvoiceRow = Selectable<Tables['invoices']>;

/** A CFDI's Folio: the sequence's number, zero-padded to 6 digits as receipts' are, longer once it grows. */
export const folioText = (folio: number) => String(folio).padStart(6, '0');

/**
 * An invoice row as the contract answers it. A pending row (the PAC still asked) is never answered: the caller
 * waits for its outcome first. Series and folio show only once issued: a failed request was numbered for an
 * invoice that does not exist.
 */
export function invoiceView(row: InvoiceRow): Invoice {
  const issued = row.status === 'issued';
  return {
    id: row.id,
    top_up_id: row.top_up_id,
    status: issued ? 'issued' : 'failed',
    uuid: issued ? row.uuid : null,
    series_folio: issued ? `${row.series}-${folioText(row.folio)}` : null,
    total: fromMinorUnits(row.total_cents, row.currency),
    subtotal: fromMinorUnits(row.subtotal_cents, row.currency),
    iva: fromMinorUnits(row.iva_cents, row.currency),
    currency: row.currency,
    failure: issued ? null : ((row.failure ?? 'pac_unavailable') as InvoiceFailure),
    failure_detail: issued ? null : row.failure_detail,
    requested_at: isoInZone(row.requested_at, moneyTimeZone),
    issued_at: row.issued_at ? isoInZone(row.issued_at, moneyTimeZone) : null,
    emailed_at: row.emailed_at ? isoInZone(row.emailed_at, moneyTimeZone) : null,
  };
}

/** The name an invoice's files are offered under (the app adds .xml and .pdf): series, folio and folio fiscal. */
export const invoiceFileName = (row: Pick<InvoiceRow, 'series' | 'folio' | 'uuid'>) =>
  `CFDI_${row.series}-${folioText(row.folio)}_${row.uuid ?? 'sin-timbrar'}`;

/**
 * The last second an invoice of a top-up paid at `paidAt` may be asked for: the end of the Mexico City month it
 * was paid in (invoiceWindowOpen), found as the instant before that zone's next month begins.
 */
export function invoiceableUntil(paidAt: Date): Date {
  const [year, month] = monthIn(paidAt).split('-').map(Number) as [number, number];
  // Midnight UTC of the next month's 1st, moved by the zone's offset at that instant.
  const midnightUtc = new Date(Date.UTC(year, month, 1));
  const offset = isoInZone(midnightUtc, moneyTimeZone).slice(-6);
  return new Date(Date.parse(`${midnightUtc.toISOString().slice(0, 10)}T00:00:00${offset}`) - 1_000);
}

/** The folio fiscal of each of these top-ups that has an issued invoice (the statement's and receipts' mark). */
export async function issuedInvoiceUuids(db: Db, topUpIds: readonly number[]): Promise<Map<number, string>> {
  if (topUpIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoices')
    .select(['top_up_id', 'uuid'])
    .where('top_up_id', 'in', topUpIds)
    .where('status', '=', 'issued')
    .execute();
  return new Map(rows.flatMap((row) => (row.uuid ? [[row.top_up_id, row.uuid] as const] : [])));
}
