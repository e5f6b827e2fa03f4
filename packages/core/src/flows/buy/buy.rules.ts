import { type CreateDealRequest, type Locale, SaleType } from '../../contract/index.ts';
import type { SessionView } from '../session/session.view.ts';
import type { BuyContext, Buyer, BuyRequest } from './buy.types.ts';

/** The price the deal holds: samples are free (spec §4); any product holds nothing up front. */
/** Who buys, as the session has them: the signed-in member with the balance shown and their cards; null for a visitor. */
export function buyerOf(view: Pick<SessionView, 'signedIn' | 'member' | 'balance' | 'cards'>): Buyer | null {
  return view.signedIn && view.member ? { id: view.member.id, balance: view.balance ?? 0, cards: view.cards } : null;
}

export function priceOf(request: BuyRequest): number {
  if (request.saleType === SaleType.sample || request.anyProduct || !request.product) return 0;
  // Issue 36: a reward the member chose makes it free, or the difference above its cap.
  return request.reward ? request.reward.pays : request.product.price;
}

/** What the member may spend on the request: their balance, and bonus credit at this machine (issue 36). */
const spendable = (buyer: Buyer, request: BuyRequest) => buyer.balance + (request.bonus ?? 0);

/** Spec §4: the amount to load by direct payment is the absolute difference between balance and price. */
export const amountToLoad = (buyer: Buyer, request: BuyRequest) => Math.abs(buyer.balance - priceOf(request));

/** Spec §4: price over balance on a machine that allows direct payment opens the direct-payment modal. */
export function needsDirectPayment({ buyer, machine }: Pick<BuyContext, 'buyer' | 'machine'>, request: BuyRequest) {
  return buyer !== null && priceOf(request) > spendable(buyer, request) && machine.payment_settings.direct_payment;
}

/** Spec §4: a member with cards, or taking a sample, or with enough balance creates the deal. */
export function mayCreate(buyer: Buyer | null, request: BuyRequest) {
  if (!buyer) return false;
  return (
    buyer.cards.length > 0 || request.saleType === SaleType.sample || spendable(buyer, request) >= priceOf(request)
  );
}

/** The user_code a deal carries: the product's selection, its upc for a service, or "any". */
export function userCodeOf(request: BuyRequest): string {
  if (request.anyProduct || !request.product) return 'any';
  if (request.saleType === SaleType.service) return request.product.upc ?? request.product.user_code;
  return request.product.user_code;
}

/** Spec §7 POST deals body for a request: source label web, the member's locale, and the card of a direct payment. */
export function dealBody(request: BuyRequest, locale: Locale, cardId: number | null): CreateDealRequest {
  return {
    user_code: userCodeOf(request),
    sale_type_code: request.saleType,
    origin: 'web',
    any_product: request.anyProduct,
    locale,
    ...(cardId ? { credit_card_id: cardId } : {}),
    ...(request.reward ? { reward_program_id: request.reward.programId } : {}),
  };
}
