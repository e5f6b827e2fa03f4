import { randomBytes } from 'node:crypto';
import type { PaymentReference, TopUp } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { problem } from '../http/problem.ts';
import { ownCard } from './cards.ts';
import type { Clock } from './clock.ts';
import { newDigits } from './crypto.ts';
import { book, toPesos } from './ledger.ts';

/** Spec §5/§9: whole pesos from 50 to 2000. */
export const topUpLimits = { minimum: 50, maximum: 2000 } as const;

type TopUpRow = {
  id: number;
  amount_cents: number;
  currency: string;
  status: TopUp['status'];
  credit_card_id: number | null;
  created_at: Date;
};

export const topUpView = (row: TopUpRow): TopUp => ({
  id: row.id,
  amount: toPesos(row.amount_cents),
  currency: row.currency,
  status: row.status,
  credit_card_id: row.credit_card_id,
  created_at: row.created_at.toISOString(),
});

export function assertAmount(amount: number) {
  if (amount < topUpLimits.minimum) throw problem(422, 'amount_too_small');
}

/** Books a card charge that already happened (or failed): a top-up row, and the credit when paid. */
export async function recordCardTopUp(
  db: Db,
  entry: {
    memberId: number;
    cents: number;
    currency: string;
    method: 'card' | 'direct_payment' | 'auto';
    cardId: number;
    paid: boolean;
    at: Date;
  },
) {
  return db.transaction().execute(async (tx) => {
    const topUp = await tx
      .insertInto('top_ups')
      .values({
        member_id: entry.memberId,
        amount_cents: entry.cents,
        currency: entry.currency,
        status: entry.paid ? 'paid' : 'failed',
        method: entry.method,
        credit_card_id: entry.cardId,
        created_at: entry.at,
        paid_at: entry.paid ? entry.at : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (entry.paid) {
      await book(tx, {
        memberId: entry.memberId,
        cents: entry.cents,
        currency: entry.currency,
        kind: 'top_up',
        reference: String(topUp.id),
        at: entry.at,
      });
    }
    return topUp;
  });
}

/** Charges a saved card now; a decline leaves a failed top-up and the balance untouched. */
export async function topUpWithCard(deps: Deps, memberId: number, cardId: number, amount: number, currency: string) {
  const { db, clock, cardProvider } = deps;
  assertAmount(amount);
  const card = await ownCard(db, memberId, cardId);
  const cents = amount * 100;
  const charged = await cardProvider.charge(card.provider_token, cents);
  const paid = typeof charged !== 'string';
  const row = await recordCardTopUp(db, {
    memberId,
    cents,
    currency,
    method: 'card',
    cardId: card.id,
    paid,
    at: clock.now(),
  });
  if (typeof charged === 'string') throw problem(402, charged);
  return topUpView(row);
}

async function pendingTopUp(
  db: Db,
  clock: Clock,
  memberId: number,
  amount: number,
  currency: string,
  method: 'redirect' | 'reference',
  reference: string,
) {
  assertAmount(amount);
  return db
    .insertInto('top_ups')
    .values({
      member_id: memberId,
      amount_cents: amount * 100,
      currency,
      status: 'pending',
      method,
      reference,
      created_at: clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pay without saving: a pending top-up and the emulated checkout page that completes it. */
export async function topUpWithRedirect(
  db: Db,
  clock: Clock,
  memberId: number,
  amount: number,
  currency: string,
  origin: string,
) {
  const session = randomBytes(16).toString('base64url');
  const row = await pendingTopUp(db, clock, memberId, amount, currency, 'redirect', session);
  return { top_up: topUpView(row), url: `${origin}/provider/checkout/${session}` };
}

/** Recharge by reference: a code to pay at a store within three days. */
export async function topUpByReference(
  db: Db,
  clock: Clock,
  memberId: number,
  amount: number,
  currency: string,
  origin: string,
): Promise<PaymentReference> {
  const reference = newDigits(16);
  const row = await pendingTopUp(db, clock, memberId, amount, currency, 'reference', reference);
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
