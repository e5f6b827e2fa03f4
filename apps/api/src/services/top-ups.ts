import { randomBytes } from 'node:crypto';
import {
  fromMinorUnits,
  type PaymentReference,
  referenceDigits,
  referenceExpiresAt,
  type TopUp,
  toMinorUnits,
  topUpBounds,
  topUpMaximum,
} from '@vendo/core/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AutoTopUpColumn, Tables } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { grantBonus, topUpBonuses } from './bonus.ts';
import { type ChargeDeps, chargeCard } from './card-charges.ts';
import { ownCard } from './cards.ts';
import { newDigits } from './crypto.ts';
import { book } from './ledger.ts';
import { mailEveryReceipt } from './receipt-mail-follow-up.ts';

type TopUpRow = {
  id: number;
  amount_cents: number;
  currency: string;
  status: TopUp['status'] | 'charging';
  credit_card_id: number | null;
  created_at: Date;
};

/** A top-up as the member reads it, with the bonus credit it earned once credited (issue 36; 0 for none). */
export const topUpView = (row: TopUpRow, bonusCents = 0): TopUp => ({
  id: row.id,
  amount: fromMinorUnits(row.amount_cents, row.currency),
  currency: row.currency,
  // A charge still being asked of the provider is, for the member, pending.
  status: row.status === 'charging' ? 'pending' : row.status,
  credit_card_id: row.credit_card_id,
  created_at: row.created_at.toISOString(),
  bonus: fromMinorUnits(bonusCents, row.currency),
});

/** A top-up as the member reads it, its bonus read from the ledger. */
export async function topUpAnswer(db: Db, row: TopUpRow): Promise<TopUp> {
  return topUpView(row, (await topUpBonuses(db, [row.id])).get(row.id) ?? 0);
}

/** The terms of a top-up: the currency it loads, in whole units its minimum and its maximum. */
export interface TopUpTerms {
  readonly currency: string;
  readonly minimum: number;
  readonly maximum: number;
}

/**
 * Issue 32 point 5: a top-up loads the balance of the currency of the machine it is made for, within
 * that machine country's minimum (spec §3 `minimun_top_up`) and the maximum stated for the currency.
 * A top-up that names no machine is in MXN within the spec's defaults (spec §9).
 */
export async function topUpTerms(db: Db, machineId: number | undefined): Promise<TopUpTerms> {
  if (machineId === undefined) {
    const currency = topUpBounds.defaultCurrency;
    return { currency, minimum: topUpBounds.defaultMinimum, maximum: topUpMaximum(currency) };
  }
  const machine = await db
    .selectFrom('machines')
    .select(['currency_iso', 'minimun_top_up_cents'])
    .where('id', '=', machineId)
    .executeTakeFirst();
  if (!machine) throw refuse('machine_not_found');
  return {
    currency: machine.currency_iso,
    minimum: Math.ceil(fromMinorUnits(machine.minimun_top_up_cents, machine.currency_iso)),
    maximum: topUpMaximum(machine.currency_iso),
  };
}

/** What a top-up request names: an amount in whole units, the currency the app states, and maybe its machine. */
export interface TopUpAsk {
  readonly amount: number;
  readonly currency?: string | undefined;
  readonly machineId?: number | undefined;
}

/** A whole amount within the top-up's terms (spec §5), in their currency when one is named. */
export async function assertTopUp(db: Db, ask: TopUpAsk): Promise<TopUpTerms> {
  const terms = await topUpTerms(db, ask.machineId);
  if (ask.currency !== undefined && ask.currency !== terms.currency) {
    throw refuse('currency_not_accepted', { currency: terms.currency });
  }
  if (ask.amount < terms.minimum) throw refuse('amount_too_small', { minimum: terms.minimum });
  if (ask.amount > terms.maximum) throw refuse('amount_too_large', { maximum: terms.maximum });
  return terms;
}

/** The order a keyed request's card charge goes by: the same request after a crash is the same order. */
const orderFor = (memberId: number, idempotencyKey: string | undefined) =>
  idempotencyKey ? `top-up:${memberId}:${idempotencyKey}` : undefined;

/** Charges a saved card now; a decline leaves a failed top-up and the balance untouched. */
export async function topUpWithCard(
  deps: ChargeDeps,
  request: TopUpAsk & { memberId: number; cardId: number; idempotencyKey?: string | undefined },
) {
  const { db } = deps;
  const terms = await assertTopUp(db, request);
  const card = await ownCard(db, request.memberId, request.cardId);
  const { topUp, decline } = await chargeCard(deps, {
    memberId: request.memberId,
    cardId: card.id,
    providerToken: card.provider_token,
    cents: toMinorUnits(request.amount, terms.currency),
    currency: terms.currency,
    method: 'card',
    orderId: orderFor(request.memberId, request.idempotencyKey),
    machineId: request.machineId,
  });
  if (decline) throw refuse(decline);
  return topUpAnswer(db, topUp);
}

interface CardlessRequest extends TopUpAsk {
  readonly memberId: number;
  readonly idempotencyKey?: string | undefined;
}

/**
 * A top-up to be paid outside (checkout page, store); the same keyed request finds the one it made. A store
 * reference carries its expiry, stored as it is issued: a later change of the setting never moves it.
 */
async function pendingTopUp(
  db: Db,
  clock: Clock,
  request: CardlessRequest,
  method: 'redirect' | 'reference',
  reference: string,
  lifetimeHours?: number,
) {
  const terms = await assertTopUp(db, request);
  const orderId = orderFor(request.memberId, request.idempotencyKey);
  const now = clock.now();
  const made = await db
    .insertInto('top_ups')
    .values({
      member_id: request.memberId,
      amount_cents: toMinorUnits(request.amount, terms.currency),
      currency: terms.currency,
      status: 'pending',
      method,
      reference,
      order_id: orderId ?? null,
      machine_id: request.machineId ?? null,
      created_at: now,
      expires_at: lifetimeHours === undefined ? null : referenceExpiresAt(now, lifetimeHours),
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return (
    made ??
    (await db
      .selectFrom('top_ups')
      .selectAll()
      .where('order_id', '=', orderId ?? '')
      .executeTakeFirstOrThrow())
  );
}

/** Pay without saving: a pending top-up and the emulated checkout page that completes it. */
export async function topUpWithRedirect(db: Db, clock: Clock, request: CardlessRequest, origin: string) {
  const row = await pendingTopUp(db, clock, request, 'redirect', randomBytes(16).toString('base64url'));
  return { top_up: await topUpAnswer(db, row), url: `${origin}/provider/checkout/${row.reference}` };
}

/** A reference's digits as the member reads them, in groups of four. */
export const groupedReference = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Where the emulated provider tells how to pay a reference at a store. */
export const referenceInstructions = (origin: string, digits: string) => `${origin}/provider/references/${digits}`;

/** Recharge by reference: a code to pay at a store within the provider's hours (VENDO_REFERENCE_HOURS). */
export async function topUpByReference(
  db: Db,
  clock: Clock,
  request: CardlessRequest & { lifetimeHours: number },
  origin: string,
): Promise<PaymentReference> {
  const row = await pendingTopUp(db, clock, request, 'reference', newDigits(16), request.lifetimeHours);
  const reference = row.reference ?? '';
  return {
    reference: groupedReference(reference),
    amount: fromMinorUnits(row.amount_cents, row.currency),
    currency: row.currency,
    // The stored expiry: a repeated request answers the one the reference was issued with.
    expires_at: (row.expires_at ?? referenceExpiresAt(row.created_at)).toISOString(),
    instructions_url: referenceInstructions(origin, reference),
  };
}

/** What a payment arriving for a top-up did: credited it, found it expired, or found nothing to pay. */
export type Completion =
  | { readonly outcome: 'credited'; readonly topUp: Selectable<Tables['top_ups']> }
  | { readonly outcome: 'expired' | 'nothing' };

/**
 * The outside payment arrived: the pending top-up is paid once and the balance grows once, and where the member
 * gets every receipt its e-mail is queued in the same transaction (issue 35 point 4). Issue 37 point 1: a store
 * reference is paid only before its expiry; a payment after it credits nothing and marks it expired (failed,
 * declined `expired`), so it never turns payable again.
 */
export async function completeTopUp(
  deps: { db: Db; clock: Clock; jobs: Pick<Scheduler, 'at'>; metrics: Pick<Metrics, 'topUps'> },
  reference: string,
): Promise<Completion> {
  const { db } = deps;
  const now = deps.clock.now();
  const digits = referenceDigits(reference);
  const paid = await db.transaction().execute(async (tx) => {
    // The status test is the lock: of two payments at the same moment, the second finds it paid.
    const topUp = await tx
      .updateTable('top_ups')
      .set({ status: 'paid', paid_at: now })
      .where('reference', '=', digits)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .returningAll()
      .executeTakeFirst();
    if (!topUp) return null;
    await book(tx, {
      memberId: topUp.member_id,
      cents: topUp.amount_cents,
      currency: topUp.currency,
      kind: 'top_up',
      reference: String(topUp.id),
      at: now,
    });
    // Issue 36: its bonus credit is booked with it, so no crash credits one without the other.
    await grantBonus(tx, topUp, now);
    await mailEveryReceipt(tx, deps.jobs, { kind: 'top_up', id: topUp.id, memberId: topUp.member_id }, now);
    return topUp;
  });
  if (paid) {
    deps.metrics.topUps.inc({ mode: paid.method, outcome: 'paid' });
    return { outcome: 'credited', topUp: paid };
  }
  const expired = await db
    .updateTable('top_ups')
    .set({ status: 'failed', decline: 'expired' })
    .where('reference', '=', digits)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .returning('method')
    .executeTakeFirst();
  if (!expired) return { outcome: 'nothing' };
  deps.metrics.topUps.inc({ mode: expired.method, outcome: 'failed' });
  return { outcome: 'expired' };
}

/** The pending checkout-page top-up a provider session names, or undefined once paid or unknown. */
export async function pendingCheckout(db: Db, reference: string) {
  return db
    .selectFrom('top_ups')
    .select(['amount_cents', 'currency'])
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .where('method', '=', 'redirect')
    .executeTakeFirst();
}

/** Saves the member's automatic top-up settings as given (the caller has checked them). */
export async function saveAutoTopUp(db: Db, memberId: number, settings: AutoTopUpColumn): Promise<void> {
  await db
    .updateTable('members')
    .set({ auto_top_up: JSON.stringify(settings) })
    .where('id', '=', memberId)
    .execute();
}
