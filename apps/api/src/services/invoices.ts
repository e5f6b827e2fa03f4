import {
  type Invoice,
  type InvoiceFailure,
  invoiceWindowOpen,
  ivaRate,
  moneyTimeZone,
  paymentForm,
  prepaidTaxSplit,
  type TopUpPaymentMethod,
} from '@vendo/core/contract';
import type { CfdiRequest, InvoicingPort, PacAnswer } from '../cfdi/emulated-pac.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import { isoInZone } from '../domain/time-zone.ts';
import type { InvoiceIssuer } from '../invoice-settings.ts';
import { folioText, type InvoiceRow, invoiceableUntil, invoiceView } from './invoice-view.ts';
import { taxProfileOf } from './tax-profiles.ts';

/** What invoicing needs: the database, the clock, the PAC behind its port, and who issues. */
export interface Invoicing {
  readonly db: Db;
  readonly clock: Clock;
  readonly invoicing: InvoicingPort;
  readonly invoiceIssuer: InvoiceIssuer;
  /** How long the PAC is waited for before the request is stored as failed, pac_unavailable. */
  readonly pacTimeoutMs?: number;
}

/** A real PAC answers within seconds; past this the member is told to try again rather than kept waiting. */
export const defaultPacTimeoutMs = 10_000;
/** How often a request that found another one asking the PAC looks whether it has its outcome. */
const waitStepMs = 50;

/** One of the member's top-ups, with what its invoice needs; another member's is not_found. */
async function topUpOf(db: Db, memberId: number, topUpId: number) {
  const topUp = await db
    .selectFrom('top_ups')
    .leftJoin('credit_cards', 'credit_cards.id', 'top_ups.credit_card_id')
    .select([
      'top_ups.id',
      'top_ups.status',
      'top_ups.amount_cents',
      'top_ups.currency',
      'top_ups.method',
      'top_ups.paid_at',
      'credit_cards.brand',
    ])
    .where('top_ups.id', '=', topUpId)
    .where('top_ups.member_id', '=', memberId)
    .executeTakeFirst();
  if (!topUp) throw refuse('not_found');
  return topUp;
}
type TopUp = Awaited<ReturnType<typeof topUpOf>>;

/** Credited in pesos: only such a top-up is invoiced (a CFDI is in MXN here, and the money must have come in). */
const paidAtOf = (topUp: TopUp) => (topUp.status === 'paid' && topUp.currency === 'MXN' ? topUp.paid_at : null);

/** The top-up's latest invoice row: pending, issued or failed (at most one is pending or issued). */
const latestOf = (db: Db, topUpId: number) =>
  db.selectFrom('invoices').selectAll().where('top_up_id', '=', topUpId).orderBy('id', 'desc').executeTakeFirst();

/**
 * Issue 37 point 3: the invoice of one of the member's top-ups (null until asked for; a request still with the
 * PAC reads as none yet) and until when one may be asked for (null once the window closed, or not credited).
 */
export async function topUpInvoice(deps: Pick<Invoicing, 'db' | 'clock'>, memberId: number, topUpId: number) {
  const topUp = await topUpOf(deps.db, memberId, topUpId);
  const row = await latestOf(deps.db, topUpId);
  const paidAt = paidAtOf(topUp);
  const open = paidAt !== null && invoiceWindowOpen(paidAt, deps.clock.now()) && row?.status !== 'issued';
  return {
    invoice: row && row.status !== 'pending' ? invoiceView(row) : null,
    invoiceable_until: open && paidAt ? isoInZone(invoiceableUntil(paidAt), moneyTimeZone) : null,
  };
}

/**
 * Issue 37 point 3: asks for the invoice of a credited MXN top-up. An issued one is answered again, never
 * stamped twice, even after its window; otherwise, in order: the top-up must be credited (422
 * top_up_not_credited), within the Mexico City month it was paid in (invoice_window_closed), and the member must
 * have a tax profile (tax_profile_missing). Then one request at a time takes the top-up's invoice row (a new one,
 * or a failed one, retried with the profile as it is now) and asks the PAC outside any transaction, with a
 * timeout and the request's signal; a request that finds another asking waits for its outcome and answers it.
 */
export async function requestInvoice(
  deps: Invoicing,
  memberId: number,
  topUpId: number,
  signal?: AbortSignal,
): Promise<Invoice> {
  const { db, clock } = deps;
  const topUp = await topUpOf(db, memberId, topUpId);
  const latest = await latestOf(db, topUpId);
  if (latest?.status === 'issued') return invoiceView(latest);
  const paidAt = paidAtOf(topUp);
  if (!paidAt) throw refuse('top_up_not_credited');
  if (!invoiceWindowOpen(paidAt, clock.now())) throw refuse('invoice_window_closed');
  const profile = await taxProfileOf(db, memberId);
  if (!profile) throw refuse('tax_profile_missing');

  const claimed = await claim(deps, memberId, topUp);
  if (!claimed) return invoiceView(await outcomeOf(deps, topUpId));
  const request: CfdiRequest = {
    issuer: deps.invoiceIssuer,
    receptor: {
      rfc: profile.rfc,
      name: profile.name,
      postalCode: profile.postal_code,
      regime: profile.tax_regime,
      use: profile.cfdi_use,
    },
    payment: { form: paymentForm(methodOf(topUp)), totalCents: topUp.amount_cents, currency: 'MXN', paidAt },
    series: claimed.series,
    folio: folioText(claimed.folio),
    ivaRate,
    issuedAt: clock.now(),
  };
  return invoiceView(await store(db, claimed.id, await stamp(deps, claimed.id, request, signal)));
}

/** The top-up's payment as c_FormaPago reads it: a meal-voucher card (edenred) pays with vouchers. */
function methodOf(topUp: TopUp): TopUpPaymentMethod {
  if (topUp.brand === 'edenred') return 'voucher';
  return topUp.method;
}

/**
 * Takes the top-up's invoice row for this request: a failed one turned pending again, else a new pending one.
 * Null when another request holds it (pending) or it is issued: the unique index on the open rows lets only one
 * insert win, and the row lock lets only one request turn a failed row pending.
 */
async function claim(deps: Invoicing, memberId: number, topUp: TopUp) {
  const { db, clock } = deps;
  const split = prepaidTaxSplit(topUp.amount_cents);
  const amounts = {
    series: deps.invoiceIssuer.series,
    subtotal_cents: split.subtotal,
    iva_cents: split.iva,
    total_cents: split.total,
    requested_at: clock.now(),
  };
  const retried = await db
    .updateTable('invoices')
    .set({ ...amounts, status: 'pending', failure: null, failure_detail: null })
    .where('top_up_id', '=', topUp.id)
    .where('status', '=', 'failed')
    .returning(['id', 'series', 'folio'])
    .executeTakeFirst();
  if (retried) return retried;
  return db
    .insertInto('invoices')
    .values({ ...amounts, member_id: memberId, top_up_id: topUp.id, status: 'pending', currency: 'MXN' })
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id', 'series', 'folio'])
    .executeTakeFirst();
}

/**
 * Asks the PAC, waiting at most the timeout and no longer than the member's request lasts. No answer in time
 * is pac_unavailable: the request is stored as failed and can be asked again. (The emulated PAC stamps nothing
 * it did not answer; a real one could, and its "already stamped" answer would then be read back here.) A PAC
 * that throws otherwise is a fault of ours: the row is stored as failed, so it is not left pending, and the
 * fault goes on to the log as a 500.
 */
async function stamp(deps: Invoicing, id: number, request: CfdiRequest, signal?: AbortSignal): Promise<PacAnswer> {
  const timeout = AbortSignal.timeout(deps.pacTimeoutMs ?? defaultPacTimeoutMs);
  const within = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const unavailable: PacAnswer = { ok: false, failure: 'pac_unavailable', detail: 'timeout' };
  const gaveUp = new Promise<PacAnswer>((resolve) => {
    if (within.aborted) resolve(unavailable);
    within.addEventListener('abort', () => resolve(unavailable), { once: true });
  });
  try {
    return await Promise.race([deps.invoicing.stamp(request, within), gaveUp]);
  } catch (failure) {
    if (within.aborted) return unavailable;
    await store(deps.db, id, { ok: false, failure: 'pac_unavailable', detail: 'error' });
    throw failure;
  }
}

/** Stores the PAC's answer on the pending row: issued with its folio fiscal and XML, or failed with why. */
async function store(db: Db, id: number, answer: PacAnswer): Promise<InvoiceRow> {
  const outcome = answer.ok
    ? { status: 'issued' as const, uuid: answer.uuid.toUpperCase(), xml: answer.xml, issued_at: answer.stampedAt }
    : { status: 'failed' as const, failure: answer.failure satisfies InvoiceFailure, failure_detail: answer.detail };
  return db.updateTable('invoices').set(outcome).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * The outcome of a request another one is making: its row once it is no longer pending. A pending row older than
 * twice the PAC's timeout belongs to a process that died asking; it is stored as failed, pac_unavailable, so the
 * member can ask again.
 */
async function outcomeOf(deps: Invoicing, topUpId: number): Promise<InvoiceRow> {
  const patience = 2 * (deps.pacTimeoutMs ?? defaultPacTimeoutMs);
  const waitUntil = performance.now() + patience;
  for (;;) {
    const row = await latestOf(deps.db, topUpId);
    if (!row) throw new Error(`the invoice of top-up ${topUpId} is gone`);
    if (row.status !== 'pending') return row;
    const stale = deps.clock.now().getTime() - row.requested_at.getTime() > patience;
    if (stale || performance.now() > waitUntil) {
      await deps.db
        .updateTable('invoices')
        .set({ status: 'failed', failure: 'pac_unavailable', failure_detail: 'abandoned' })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
}
