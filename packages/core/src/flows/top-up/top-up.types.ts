import type { ApiError } from '../../api/api-error.ts';
import type { CreditCard, PaymentReference, ProductServer } from '../../contract/index.ts';
import type { NewIdempotencyKey } from '../../ports.ts';
import type { TopUpLimits } from '../../rules/top-up.ts';
import type { RefreshesMember } from '../member-refresh.ts';

/** Spec §4 top-up payment modes: a saved card (default), pay without saving (redirect), or a payment reference. */
export type PaymentMode = 'card' | 'redirect' | 'reference';

export interface TopUpInput extends RefreshesMember {
  readonly memberId: number;
  /** The chosen machine: its country sets the limits, and an offline one gets a warning first. */
  readonly machine: ProductServer | null;
  readonly cards: readonly CreditCard[];
  /** The key of each confirmed payment; one sent again after no answer keeps its key. */
  readonly newIdempotencyKey: NewIdempotencyKey;
}

/** One top-up as sent: the same request after no answer is sent again with the same key. */
export interface TopUpRequest {
  readonly amount: number;
  readonly mode: PaymentMode;
  readonly cardId: number | null;
  readonly cvv: string;
}

export interface TopUpContext extends TopUpInput {
  readonly limits: TopUpLimits;
  /** A preset amount, or 'other' with the typed text. */
  readonly preset: number | 'other';
  readonly otherText: string;
  readonly mode: PaymentMode;
  readonly cardId: number | null;
  readonly cvv: string;
  /** Field problems show once the member has tried to pay. */
  readonly showProblems: boolean;
  readonly sent: TopUpRequest | null;
  readonly idempotencyKey: string | null;
  /** Times the same payment went again while the server said it was still running the first (409). */
  readonly resends: number;
  readonly error: ApiError | null;
  readonly redirectUrl: string | null;
  readonly reference: PaymentReference | null;
  /** The top-up a card charge credited, where the provider named it. */
  readonly topUpId: number | null;
  /** The bonus credit it earned, where the provider answers bonuses (issue 36 point 3); else 0. */
  readonly bonus: number;
}

export type TopUpEvent =
  | { type: 'amount.preset'; amount: number }
  | { type: 'amount.other'; text: string }
  | { type: 'mode.chosen'; mode: PaymentMode }
  | { type: 'card.chosen'; cardId: number }
  | { type: 'cvv.changed'; cvv: string }
  | { type: 'pay.requested' }
  | { type: 'offline.continued' }
  | { type: 'offline.back' }
  | { type: 'confirm.accepted' }
  | { type: 'confirm.cancelled' }
  | { type: 'result.closed' };

/** What a payment answers: a charged card, an address to pay at, or a reference to pay with. */
export type TopUpOutcome =
  /** The top-up made, where the provider names it (its receipt, issue 35 point 3). */
  | { readonly kind: 'charged'; readonly topUpId: number | null; readonly bonus?: number | undefined }
  | { readonly kind: 'redirect'; readonly url: string; readonly topUpId: number | null }
  | { readonly kind: 'reference'; readonly reference: PaymentReference };

/** The provider's checkout page to leave for, and the top-up it pays (its receipt on the way back). */
export interface CheckoutInput {
  readonly url: string;
  readonly topUpId: number | null;
}

export interface PayInput {
  readonly memberId: number;
  readonly request: TopUpRequest;
  readonly currency: string;
  /** The machine the top-up is for: the provider loads its currency's balance (issue 32 point 5). */
  readonly machineId: number | null;
  readonly idempotencyKey: string;
}
