import { randomUUID } from 'node:crypto';
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
import { sql } from 'kysely';
import type { CfdiRequest, InvoicingPort, PacAnswer } from '../cfdi/emulated-pac.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import { isoInZone } from '../domain/time-zone.ts';
import type { InvoiceIssuer } from '../invoice-settings.ts';
import type { Logger } from '../log.ts';
import { folioText, type InvoiceRow, invoiceableUntil, invoiceView } from './invoice-view.ts';
import { taxProfileOf } from './tax-profiles.ts';

/** What invoicing needs: the database, the clock, the PAC behind its port, who issues, and the log. */
export interface Invoicing {
  readonly db: Db;
  readonly clock: Clock;
  readonly invoicing: InvoicingPort;
  readonly invoiceIssuer: InvoiceIssuer;
  readonly log: Pick<Logger, 'warn'>;
  /** How long the PAC is waited for before the request is stored as failed, pac_unavailable. */
  readonly pacTimeoutMs?: number;
}

/** A real PAC answers within seconds; past this the member is told to try again rather than kept waiting. */
export const defaultPacTimeoutMs = 10_000;
/** How often a request that found another one asking the PAC looks whether it has its outcome. */
const waitStepMs = 50;
/** SAT's limit between a CFDI's Fecha and its stamp: a document sealed longer ago is sealed again. */
const sealedDocumentLifeMs = 72 * 60 * 60 * 1000;

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

/** Whether a balance refund gives back any of the top-up's money (a part not refused holds a share of it). */
async function refunded(db: Db, topUpId: number): Promise<boolean> {
  const share = await db
    .selectFrom('balance_refund_shares')
    .innerJoin('balance_refund_parts', 'balance_refund_parts.id', 'balance_refund_shares.part_id')
    .select('balance_refund_shares.part_id')
    .where('balance_refund_shares.top_up_id', '=', topUpId)
    .where('balance_refund_parts.status', '<>', 'refused')
    .executeTakeFirst();
  return share !== undefined;
}

/** Credited in pesos: only such a top-up is invoiced (a CFDI is in MXN here, and the money must have come in). */
const paidAtOf = (topUp: TopUp) => (topUp.status === 'paid' && topUp.currency === 'MXN' ? topUp.paid_at : null);

/** The top-up's latest invoice row: pending, issued or failed (at most one is pending or issued). */
const latestOf = (db: Db, topUpId: number) =>
  db.selectFrom('invoices').selectAll().where('top_up_id', '=', topUpId).orderBy('id', 'desc').executeTakeFirst();

/**
 * Issue 37 point 3: the invoice of one of the member's top-ups (null until asked for; a request still with the
 * PAC reads as none yet) and until when one may be asked for (null once the window closed, not credited, or
 * any of its money given back by a balance refund, which `refunded` says).
 */
export async function topUpInvoice(deps: Pick<Invoicing, 'db' | 'clock'>, memberId: number, topUpId: number) {
  const topUp = await topUpOf(deps.db, memberId, topUpId);
  const row = await latestOf(deps.db, topUpId);
  const paidAt = paidAtOf(topUp);
  const givenBack = await refunded(deps.db, topUpId);
  const open = paidAt !== null && invoiceWindowOpen(paidAt, deps.clock.now()) && row?.status !== 'issued' && !givenBack;
  return {
    invoice: row && row.status !== 'pending' ? invoiceView(row) : null,
    invoiceable_until: open && paidAt ? isoInZone(invoiceableUntil(paidAt), moneyTimeZone) : null,
    refunded: givenBack,
  };
}

/**
 * Issue 37 point 3: asks for the invoice of a credited MXN top-up. An issued one is answered again, never
 * stamped twice, even after its window (and even once a balance refund gave some of it back: the operator then
 * owes SAT a credit note). Otherwise, in order: the top-up must be credited (422 top_up_not_credited), none of
 * its money given back (top_up_refunded), within the Mexico City month it was paid in (invoice_window_closed),
 * and the member must have a tax profile (tax_profile_missing). Then one request at a time claims the top-up's
 * invoice row (a new one, or a failed one, retried with the profile as it is now), seals its document (or takes
 * the one sealed before, see sealedDocument) and hands it to the PAC outside any transaction, with a timeout
 * only: the member leaving does not stop a stamp, whose answer is stored all the same. A request that finds
 * another asking waits for its outcome and answers it.
 */
export async function requestInvoice(deps: Invoicing, memberId: number, topUpId: number): Promise<Invoice> {
  const { db, clock } = deps;
  const topUp = await topUpOf(db, memberId, topUpId);
  const latest = await latestOf(db, topUpId);
  if (latest?.status === 'issued') return invoiceView(latest);
  const paidAt = paidAtOf(topUp);
  if (!paidAt) throw refuse('top_up_not_credited');
  if (await refunded(db, topUpId)) throw refuse('top_up_refunded');
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
  let answer: PacAnswer;
  try {
    answer = await stamp(deps, await sealedDocument(deps, claimed, request));
  } catch (failure) {
    // A fault of ours (or the PAC's port throwing): the row is stored as failed, not left pending; the fault
    // goes on to the log as a 500.
    await store(deps, claimed, { ok: false, failure: 'pac_unavailable', detail: 'error' });
    throw failure;
  }
  return invoiceView(await store(deps, claimed, answer));
}

/** The top-up's payment as c_FormaPago reads it: a meal-voucher card (edenred) pays with vouchers. */
function methodOf(topUp: TopUp): TopUpPaymentMethod {
  if (topUp.brand === 'edenred') return 'voucher';
  return topUp.method;
}

const claimedColumns = [
  'id',
  'top_up_id',
  'series',
  'folio',
  'claim',
  'sealed_xml',
  'sealed_for',
  'sealed_at',
] as const;

/**
 * Takes the top-up's invoice row for this request, under a claim of its own: a failed one turned pending again,
 * else a new pending one. Null when another request holds it (pending) or it is issued: the unique index on the
 * open rows lets only one insert win, and the row lock lets only one request turn a failed row pending. A failed
 * row keeps the document sealed for it only when the PAC did not answer (pac_unavailable): it may have stamped
 * it unseen. Any other failure was SAT refusing that document, which is never sent again.
 */
async function claim(deps: Invoicing, memberId: number, topUp: TopUp) {
  const { db, clock } = deps;
  const split = prepaidTaxSplit(topUp.amount_cents);
  const claimToken = randomUUID();
  const amounts = {
    series: deps.invoiceIssuer.series,
    subtotal_cents: split.subtotal,
    iva_cents: split.iva,
    total_cents: split.total,
    requested_at: clock.now(),
    claim: claimToken,
  };
  const retried = await db
    .updateTable('invoices')
    .set({
      ...amounts,
      status: 'pending',
      failure: null,
      failure_detail: null,
      // The right side reads the row as it was, before this update.
      sealed_xml: sql<string | null>`case when failure = 'pac_unavailable' then sealed_xml end`,
    })
    .where('top_up_id', '=', topUp.id)
    .where('status', '=', 'failed')
    .returning(claimedColumns)
    .executeTakeFirst();
  if (retried) return retried;
  return db
    .insertInto('invoices')
    .values({ ...amounts, member_id: memberId, top_up_id: topUp.id, status: 'pending', currency: 'MXN' })
    .onConflict((conflict) => conflict.doNothing())
    .returning(claimedColumns)
    .executeTakeFirst();
}
type Claimed = NonNullable<Awaited<ReturnType<typeof claim>>>;

/**
 * The document this claim hands the PAC: the one sealed for the row before, exactly as it was, when it was built
 * from the same issuer, series, receptor and payment and its Fecha is within SAT's 72 hours (a real PAC answers
 * the same folio fiscal for a document it stamped already); else one sealed now, kept on the row for a retry.
 */
async function sealedDocument(deps: Invoicing, claimed: Claimed, request: CfdiRequest): Promise<string> {
  const { issuedAt: _fecha, ...basis } = request;
  const sealedFor = JSON.stringify(basis);
  const fresh = claimed.sealed_at && deps.clock.now().getTime() - claimed.sealed_at.getTime() < sealedDocumentLifeMs;
  if (claimed.sealed_xml && claimed.sealed_for === sealedFor && fresh) return claimed.sealed_xml;
  const sealed = await deps.invoicing.seal(request);
  await deps.db
    .updateTable('invoices')
    .set({ sealed_xml: sealed, sealed_for: sealedFor, sealed_at: request.issuedAt })
    .where('id', '=', claimed.id)
    .where('claim', '=', claimed.claim)
    .execute();
  return sealed;
}

/**
 * Hands the sealed document to the PAC, waiting at most the timeout. No answer in time is pac_unavailable: the
 * request is stored as failed and can be asked again, with the same document. The member's request going away
 * does not stop it: a stamp the PAC gives is stored, so a top-up is stamped once.
 */
async function stamp(deps: Invoicing, sealedXml: string): Promise<PacAnswer> {
  const timeout = AbortSignal.timeout(deps.pacTimeoutMs ?? defaultPacTimeoutMs);
  const unavailable: PacAnswer = { ok: false, failure: 'pac_unavailable', detail: 'timeout' };
  const gaveUp = new Promise<PacAnswer>((resolve) => {
    timeout.addEventListener('abort', () => resolve(unavailable), { once: true });
  });
  try {
    return await Promise.race([deps.invoicing.stamp(sealedXml, timeout), gaveUp]);
  } catch (failure) {
    if (timeout.aborted) return unavailable;
    throw failure;
  }
}

/**
 * Stores the PAC's answer on the row this request claimed: issued with its folio fiscal and XML, or failed with
 * why. Only while the row is still that claim, pending: a late answer never overwrites another claim's outcome
 * (the row was given up as abandoned, or claimed again since). Such an orphaned answer is logged (the folio
 * fiscal, never the member's RFC or name) and changes nothing; the request answers the row as it is.
 */
async function store(deps: Invoicing, claimed: Claimed, answer: PacAnswer): Promise<InvoiceRow> {
  const outcome = answer.ok
    ? { status: 'issued' as const, uuid: answer.uuid.toUpperCase(), xml: answer.xml, issued_at: answer.stampedAt }
    : { status: 'failed' as const, failure: answer.failure satisfies InvoiceFailure, failure_detail: answer.detail };
  const stored = await deps.db
    .updateTable('invoices')
    .set(outcome)
    .where('id', '=', claimed.id)
    .where('status', '=', 'pending')
    .where('claim', '=', claimed.claim)
    .returningAll()
    .executeTakeFirst();
  if (stored) return stored;
  deps.log.warn(
    {
      invoiceId: claimed.id,
      uuid: answer.ok ? answer.uuid.toUpperCase() : null,
      failure: answer.ok ? null : answer.failure,
    },
    'invoice: an orphaned PAC answer came back after its claim was given up; nothing changed',
  );
  return outcomeOf(deps, claimed.top_up_id);
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
