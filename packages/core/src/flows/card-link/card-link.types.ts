import type { PendingCardLink, ProductServer } from '../../contract/index.ts';
import type { CardLinkError } from '../../rules/rfid.ts';

export interface CardLinkInput {
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
