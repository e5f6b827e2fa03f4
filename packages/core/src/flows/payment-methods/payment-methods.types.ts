import type { ApiError } from '../../api/api-error.ts';
import type { CreditCard } from '../../contract/index.ts';
import type { RefreshesMember } from '../member-refresh.ts';

/** The session, when given, is told to read the member again each time the list is read (its cards follow it). */
export interface PaymentMethodsInput extends RefreshesMember {
  memberId: number;
  /** Cards already known, to start with instead of an empty list. */
  cards?: readonly CreditCard[];
}

export interface PaymentMethodsContext extends RefreshesMember {
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
