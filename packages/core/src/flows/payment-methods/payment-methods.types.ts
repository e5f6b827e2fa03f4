import type { ApiError } from '../../api/api-error.ts';
import type { CreditCard } from '../../contract/index.ts';

export interface PaymentMethodsInput {
  memberId: number;
  /** Cards already known, to start with instead of an empty list. */
  cards?: readonly CreditCard[];
}

export interface PaymentMethodsContext {
  readonly memberId: number;
  readonly cards: readonly CreditCard[];
  readonly deleting: number | null;
  readonly error: ApiError | null;
}

export type PaymentMethodsEvent = { type: 'card.deleted'; cardId: number } | { type: 'cards.retried' };

export interface DeleteCardInput {
  memberId: number;
  cardId: number;
}
