import type { ApiError } from '../../api/api-error.ts';
import type { RefreshesMember } from '../member-refresh.ts';

export interface RestockAlertsInput extends RefreshesMember {
  readonly memberId: number;
}

/** Which alert the last change was about: one asked for (by product), or one ended (by its id). */
export type RestockAlertChange =
  | { readonly kind: 'ask'; readonly machineId: number; readonly productId: number }
  | { readonly kind: 'end'; readonly alertId: number };

export interface RestockAlertsContext extends RestockAlertsInput {
  /** The change under way or last refused. */
  readonly change: RestockAlertChange | null;
  readonly error: ApiError | null;
}

export type RestockAlertsEvent =
  /** "Avísame cuando haya" on a sold-out product. */
  | { type: 'alert.asked'; machineId: number; productId: number }
  /** Cancelled from the menu, or its news dismissed. */
  | { type: 'alert.ended'; alertId: number };

export type AskAlertInput = { readonly memberId: number; readonly machineId: number; readonly productId: number };
export type EndAlertInput = { readonly memberId: number; readonly alertId: number };
