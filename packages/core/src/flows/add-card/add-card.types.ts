import type { CommunityMember } from '../../contract/index.ts';
import type { CardToken } from '../../ports.ts';
import type { CardField, CardForm } from '../../rules/card-form.ts';

export interface AddCardInput {
  memberId: number;
  /** Today, for the expiry checks (the years offered and a month already past). */
  now: Date;
}

export interface AddCardContext {
  readonly memberId: number;
  /** Today, for the expiry checks (the years offered and a month already past). */
  readonly now: Date;
  readonly form: CardForm;
  /** Field problems show once the member has tried to save. */
  readonly showProblems: boolean;
  /** The provider's or the API's words when the card was refused; null for "no answer". */
  readonly failure: { readonly message: string | null; readonly unreachable: boolean } | null;
  /** The provider's token on its way to Vendo's API; forgotten with the card number. */
  readonly token: CardToken | null;
}

export type AddCardEvent =
  | { type: 'field.changed'; field: CardField; value: string }
  | { type: 'card.submitted' }
  | { type: 'added.closed' }
  /** Reading the profile got no answer: the member asks again. */
  | { type: 'profile.retried' };

/** What a card needs from the profile first (spec §2: name, email, gender). */
export type CardHolderProfile = Pick<CommunityMember, 'name' | 'email' | 'gender'>;

export interface SaveCardInput {
  memberId: number;
  token: CardToken;
  holderName: string;
}
