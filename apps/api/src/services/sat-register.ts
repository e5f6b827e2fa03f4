import type { InvoicingPort, Taxpayer } from '../cfdi/emulated-pac.ts';
import { emulatedPac } from '../cfdi/emulated-pac.ts';
import { satTaxpayers } from '../cfdi/sat-taxpayers.ts';
import { newCsdKeyPem } from '../cfdi/seal.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';

/**
 * Issue 37 point 3: the emulated outside world of invoices, kept in the database so every replica sees the same:
 * SAT's register of taxpayers (the emulated PAC checks a receptor against it; seeded with the engine's test
 * taxpayers, the dev control adds more), whether the PAC is up, and the keys it and the issuer seal with.
 */

/** The engine's test taxpayers in the register, each once however often it runs (every start). */
export async function seedSatTaxpayers(db: Db) {
  const rows = satTaxpayers.map(({ rfc, name, postalCode, regimes }) => ({
    rfc,
    name,
    postal_code: postalCode,
    regimes,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('sat_taxpayers')
    .values(rows)
    .onConflict((conflict) => conflict.column('rfc').doNothing())
    .execute();
}

/** Registers a taxpayer, or replaces what the register said of them (the dev control). */
export async function registerSatTaxpayer(db: Db, taxpayer: Taxpayer) {
  const row = { name: taxpayer.name, postal_code: taxpayer.postalCode, regimes: taxpayer.regimes };
  await db
    .insertInto('sat_taxpayers')
    .values({ rfc: taxpayer.rfc, ...row })
    .onConflict((conflict) => conflict.column('rfc').doUpdateSet(row))
    .execute();
}

export async function satTaxpayerOf(db: Db, rfc: string): Promise<Taxpayer | null> {
  const row = await db.selectFrom('sat_taxpayers').selectAll().where('rfc', '=', rfc).executeTakeFirst();
  return row ? { rfc: row.rfc, name: row.name, postalCode: row.postal_code, regimes: row.regimes } : null;
}

const pacSwitch = 'pac_available';

/** The dev control takes the emulated PAC down or brings it up. */
export async function setPacAvailable(db: Db, available: boolean) {
  await db
    .insertInto('dev_switches')
    .values({ name: pacSwitch, value: available })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: available }))
    .execute();
}

/** The dev control moves when a credited top-up was paid (into an earlier month, to see its invoice window closed). */
export const movePaidAt = (db: Db, topUpId: number, paidAt: Date) =>
  db
    .updateTable('top_ups')
    .set({ paid_at: paidAt })
    .where('id', '=', topUpId)
    .where('status', '=', 'paid')
    .returning(['id', 'paid_at'])
    .executeTakeFirst();

/** Up unless the dev control took it down. */
export async function pacAvailable(db: Db): Promise<boolean> {
  const row = await db.selectFrom('dev_switches').select('value').where('name', '=', pacSwitch).executeTakeFirst();
  return row?.value ?? true;
}

/**
 * A key pair of the server's, made once per database and kept with its other secrets (server_secrets): the
 * issuer's CSD key and the emulated PAC's key. Only the private key is kept (PEM, PKCS#8); never logged.
 */
export async function serverKeyPem(db: Db, name: 'invoice_issuer_key' | 'invoice_pac_key'): Promise<string> {
  const known = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (known) return known.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: newCsdKeyPem() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  // Two processes may have made one at once: the one the database kept is the key.
  const kept = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return kept.value;
}

/**
 * The reference API's invoicing port: the engine's emulated PAC, with its keys from the database (read once),
 * SAT's register and the PAC's switch from the database on every request.
 */
export function emulatedInvoicing(db: Db, clock: Clock): InvoicingPort {
  let port: Promise<InvoicingPort> | undefined;
  const portOf = async () =>
    emulatedPac({
      issuerKeyPem: await serverKeyPem(db, 'invoice_issuer_key'),
      pacKeyPem: await serverKeyPem(db, 'invoice_pac_key'),
      taxpayer: (rfc) => satTaxpayerOf(db, rfc),
      available: () => pacAvailable(db),
      now: () => clock.now(),
    });
  // A failure to read the keys is not kept: the next request reads them again.
  const ready = () =>
    (port ??= portOf().catch((failure: unknown) => {
      port = undefined;
      throw failure;
    }));
  return {
    seal: async (request) => (await ready()).seal(request),
    stamp: async (sealedXml, signal) => (await ready()).stamp(sealedXml, signal),
  };
}
