import { randomBytes } from 'node:crypto';
import {
  type CardTokenRequest,
  cardBrandOf,
  cardBrands,
  type NumberedCardBrand,
  passesLuhn,
} from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { refundOrder } from './card-refunds.ts';

export type CardOutcome = 'approved' | 'insufficient_funds' | 'expired' | 'stolen';
export type Decline = 'card_declined' | 'card_expired' | 'card_stolen' | 'card_token_invalid' | 'card_invalid';

export interface TokenisedCard {
  readonly token: string;
  readonly brand: NumberedCardBrand;
  readonly last4: string;
  readonly holderName: string;
}

/**
 * The card payment provider. The reference API emulates one (tokenisation
 * endpoint, verification and charges with published-style test cards); a real
 * integration implements the same three calls.
 */
export interface CardProvider {
  tokenise(request: CardTokenRequest, today: Date): Promise<TokenisedCard | Decline>;
  /** Checks a token before a card is saved: declined, expired and stolen cards stop here. */
  verify(token: string): Promise<TokenisedCard | Decline>;
  /**
   * Charges a card once per order: asking again for the same order id answers what the first ask
   * did and charges nothing more (a merchant's order id, as real providers take it).
   */
  charge(token: string, amountCents: number, orderId: string): Promise<{ chargeId: string } | Decline>;
  /**
   * Issue 37 point 4: gives back (part of) an order's charge to its card, once per refund id (asking again answers
   * the first answer). Refused past the refund window or above what the order charged less what went back.
   */
  refund(orderId: string, amountCents: number, refundId: string, now: Date): Promise<'refunded' | RefundDecline>;
}

export type RefundDecline = 'refund_window_passed' | 'refund_above_charge' | 'charge_not_found';

/** Spec-style test cards and what the emulated provider answers for them. */
export const testCards: Record<string, CardOutcome> = {
  '4111111111111111': 'approved',
  '4242424242424242': 'approved',
  '5555555555554444': 'approved',
  '5105105105105100': 'approved',
  '345678000000007': 'approved',
  '4444444444444448': 'insufficient_funds',
  '4000000000000069': 'expired',
  '4000000000000119': 'stolen',
};

const declineOf: Record<Exclude<CardOutcome, 'approved'>, Decline> = {
  insufficient_funds: 'card_declined',
  expired: 'card_expired',
  stolen: 'card_stolen',
};

/** The card's brand when its number is one the provider takes: the brand's first digits and length, and Luhn (the contract's rule, the one the member's form checks). */
function brandOf(number: string): NumberedCardBrand | null {
  const brand = cardBrandOf(number);
  if (!brand || !/^\d+$/.test(number) || number.length !== cardBrands[brand].length) return null;
  return passesLuhn(number) ? brand : null;
}

function expired(request: CardTokenRequest, today: Date): boolean {
  const year = 2000 + Number(request.expiration_year);
  const month = Number(request.expiration_month);
  return year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
}

/**
 * The emulated provider's answer to a charge can be made slow (dev control), so a test can stop the
 * server after the provider charged and before the answer arrived, as a crash or a lost connection would.
 */
export interface ProviderBehaviour {
  answerDelayMs: number;
  /** The answers waiting out the delay now: a delay set back to 0 lets them go (answerNow). */
  readonly waiting: Set<() => void>;
}

export const providerBehaviour = (): ProviderBehaviour => ({ answerDelayMs: 0, waiting: new Set() });

/** Sets how slowly the provider answers; 0 also answers at once the charges waiting out the last delay. */
export function setAnswerDelay(behaviour: ProviderBehaviour, ms: number) {
  behaviour.answerDelayMs = ms;
  if (ms === 0) for (const answerNow of behaviour.waiting) answerNow();
}

export function emulatedCardProvider(db: Db, behaviour = providerBehaviour()): CardProvider {
  const answerDelay = () =>
    behaviour.answerDelayMs > 0
      ? new Promise<void>((resolve) => {
          const answerNow = () => {
            clearTimeout(timer);
            behaviour.waiting.delete(answerNow);
            resolve();
          };
          const timer = setTimeout(answerNow, behaviour.answerDelayMs);
          behaviour.waiting.add(answerNow);
        })
      : undefined;
  async function lookUp(token: string) {
    return db.selectFrom('provider_tokens').selectAll().where('id', '=', token).executeTakeFirst();
  }
  return {
    async tokenise(request, today) {
      const brand = brandOf(request.card_number);
      if (!brand || request.cvv2.length !== cardBrands[brand].cvvLength) return 'card_invalid';
      if (expired(request, today)) return 'card_expired';
      // Only the outcome of a test card is kept, never its number or CVV.
      const token = `tok_${randomBytes(12).toString('hex')}`;
      const card = { token, brand, last4: request.card_number.slice(-4), holderName: request.holder_name };
      await db
        .insertInto('provider_tokens')
        .values({
          id: token,
          brand,
          last4: card.last4,
          holder_name: card.holderName,
          outcome: testCards[request.card_number] ?? 'approved',
        })
        .execute();
      return card;
    },
    async verify(token) {
      const row = await lookUp(token);
      if (!row) return 'card_token_invalid';
      if (row.outcome !== 'approved') return declineOf[row.outcome];
      return { token, brand: row.brand as TokenisedCard['brand'], last4: row.last4, holderName: row.holder_name };
    },
    async charge(token, amountCents, orderId) {
      const row = await lookUp(token);
      const decline: Decline | null = !row
        ? 'card_token_invalid'
        : row.outcome !== 'approved'
          ? declineOf[row.outcome]
          : amountCents <= 0
            ? 'card_invalid'
            : null;
      await db
        .insertInto('provider_charges')
        .values({
          order_id: orderId,
          token,
          amount_cents: amountCents,
          charge_id: decline ? null : `ch_${randomBytes(10).toString('hex')}`,
          decline,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      const charged = await db
        .selectFrom('provider_charges')
        .select(['token', 'amount_cents', 'charge_id', 'decline'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      // One order is one charge: the same order id for another card or amount is refused.
      if (charged.token !== token || charged.amount_cents !== amountCents) return 'card_invalid';
      await answerDelay();
      return charged.charge_id ? { chargeId: charged.charge_id } : ((charged.decline ?? 'card_invalid') as Decline);
    },
    refund: (orderId, amountCents, refundId, now) => refundOrder(db, { orderId, amountCents, refundId, now }),
  };
}

/** Every charge the emulated provider made or declined, the oldest first (`/__dev/provider/charges`). */
export async function providerCharges(db: Db) {
  return db
    .selectFrom('provider_charges')
    .select(['order_id', 'amount_cents', 'charge_id', 'decline'])
    .orderBy('created_at', 'asc')
    .execute();
}
