import { randomBytes } from 'node:crypto';
import { type PaymentReference, type TopUp, topUpBounds } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import { type ChargeDeps, chargeCard } from './card-charges.ts';
import { ownCard } from './cards.ts';
import { newDigits } from './crypto.ts';
import { book, toPesos } from './ledger.ts';

type TopUpRow = {
  id: number;
  amount_cents: number;
  currency: string;
  status: TopUp['status'] | 'charging';
  credit_card_id: number | null;
  created_at: Date;
};

export const topUpView = (row: TopUpRow): TopUp => ({
  id: row.id,
  amount: toPesos(row.amount_cents),
  currency: row.currency,
  // A charge still being asked of the provider is, for the member, pending.
  status: row.status === 'charging' ? 'pending' : row.status,
  credit_card_id: row.credit_card_id,
  created_at: row.created_at.toISOString(),
});

/** The country a member tops up in: that of the machine they used last (spec §3 country), else Mexico's. */
export async function memberCountry(db: Db, memberId: number) {
  const machine = await db
    .selectFrom('machine_visits')
    .innerJoin('machines', 'machines.id', 'machine_visits.machine_id')
    .select(['machines.currency_iso', 'machines.minimun_top_up_cents'])
    .where('machine_visits.member_id', '=', memberId)
    .orderBy('machine_visits.visited_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    currency: machine?.currency_iso ?? topUpBounds.defaultCurrency,
    minimum: machine ? Math.ceil(machine.minimun_top_up_cents / 100) : topUpBounds.defaultMinimum,
  };
}

/** A whole amount within the top-up limits of the member's country (spec §5), in its currency when one is named. */
export async function assertTopUp(db: Db, memberId: number, amount: number, currency?: string) {
  const country = await memberCountry(db, memberId);
  if (currency !== undefined && currency !== country.currency) {
    throw refuse('currency_not_accepted', { currency: country.currency });
  }
  if (amount < country.minimum) throw refuse('amount_too_small', { minimum: country.minimum });
  if (amount > topUpBounds.maximum) throw refuse('amount_too_large', { maximum: topUpBounds.maximum });
  return country;
}

/** The order a keyed request's card charge goes by: the same request after a crash is the same order. */
const orderFor = (memberId: number, idempotencyKey: string | undefined) =>
  idempotencyKey ? `top-up:${memberId}:${idempotencyKey}` : undefined;

/** Charges a saved card now; a decline leaves a failed top-up and the balance untouched. */
export async function topUpWithCard(
  deps: ChargeDeps,
  request: { memberId: number; cardId: number; amount: number; currency: string; idempotencyKey?: string },
) {
  const { db } = deps;
  await assertTopUp(db, request.memberId, request.amount, request.currency);
  const card = await ownCard(db, request.memberId, request.cardId);
  const { topUp, decline } = await chargeCard(deps, {
    memberId: request.memberId,
    cardId: card.id,
    providerToken: card.provider_token,
    cents: request.amount * 100,
    currency: request.currency,
    method: 'card',
    orderId: orderFor(request.memberId, request.idempotencyKey),
  });
  if (decline) throw refuse(decline);
  return topUpView(topUp);
}

interface CardlessRequest {
  readonly memberId: number;
  readonly amount: number;
  readonly currency: string;
  readonly idempotencyKey?: string | undefined;
}

/** A top-up to be paid outside (checkout page, store); the same keyed request finds the one it made. */
async function pendingTopUp(
  db: Db,
  clock: Clock,
  request: CardlessRequest,
  method: 'redirect' | 'reference',
  reference: string,
) {
  await assertTopUp(db, request.memberId, request.amount, request.currency);
  const orderId = orderFor(request.memberId, request.idempotencyKey);
  const made = await db
    .insertInto('top_ups')
    .values({
      member_id: request.memberId,
      amount_cents: request.amount * 100,
      currency: request.currency,
      status: 'pending',
      method,
      reference,
      order_id: orderId ?? null,
      created_at: clock.now(),
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
  return { top_up: topUpView(row), url: `${origin}/provider/checkout/${row.reference}` };
}

/** Recharge by reference: a code to pay at a store within three days. */
export async function topUpByReference(
  db: Db,
  clock: Clock,
  request: CardlessRequest,
  origin: string,
): Promise<PaymentReference> {
  const row = await pendingTopUp(db, clock, request, 'reference', newDigits(16));
  const reference = row.reference ?? '';
  return {
    reference: reference.replace(/(\d{4})(?=\d)/g, '$1 '),
    amount: toPesos(row.amount_cents),
    currency: row.currency,
    expires_at: new Date(row.created_at.getTime() + 3 * 86_400_000).toISOString(),
    instructions_url: `${origin}/provider/references/${reference}`,
  };
}

/** The outside payment arrived: the pending top-up is paid once and the balance grows once. */
export async function completeTopUp(db: Db, clock: Clock, reference: string) {
  const now = clock.now();
  return db.transaction().execute(async (tx) => {
    const topUp = await tx
      .updateTable('top_ups')
      .set({ status: 'paid', paid_at: now })
      .where('reference', '=', reference.replace(/\s/g, ''))
      .where('status', '=', 'pending')
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
    return topUp;
  });
}
