import type { ProductServerItem } from '../../contract/index.ts';
import type { InventoryTab } from '../../rules/insert-coin.ts';

export type InventoryError = 'unreachable' | 'unknown';

export interface InventoryInput {
  machineId: number;
}

export interface InventoryContext {
  readonly machineId: number;
  readonly items: ProductServerItem[];
  readonly paymentProducts: ProductServerItem[] | null;
  readonly tab: InventoryTab;
  readonly error: InventoryError | null;
}

export type InventoryEvent =
  | { type: 'tab.selected'; tab: InventoryTab }
  | { type: 'retry' }
  /** signedIn: the payment products are a member's call (spec §7), so a visitor is asked to sign in first. */
  | { type: 'payWithCard.opened'; signedIn: boolean }
  | { type: 'login.shown' };
