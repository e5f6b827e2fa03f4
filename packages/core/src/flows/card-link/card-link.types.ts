import type { PendingCardLink, ProductServer } from '../../contract/index.ts';
import type { CardLinkError } from '../../rules/rfid.ts';
import type { RefreshesMember } from '../member-refresh.ts';

/** The session that keeps the link gives itself (`session`): a linked card has it read the member again. */
export interface CardLinkInput extends RefreshesMember {
  readonly memberId: number;
  readonly machine: ProductServer;
}

export interface CardLinkContext extends CardLinkInput {
  readonly link: PendingCardLink | null;
  /** The countdown of the authenticate and tap-card screens, in seconds (spec §9). */
  readonly secondsLeft: number;
  readonly error: CardLinkError | null;
}

export type CardLinkEvent = { type: 'link.started' } | { type: 'link.back' };

export interface CreateLinkInput {
  memberId: number;
  machineId: number;
}

export interface FetchLinkInput {
  memberId: number;
  linkId: number;
}
