import type { ProductServerItem } from '../../contract/index.ts';
import type { InventoryTab } from '../../rules/insert-coin.ts';

export type InventoryError = 'unreachable' | 'unknown';

export interface InventoryInput {
  machineId: number;
  /** The products, when the page already holds them (a server-rendered first screen): none are read again. */
  items?: readonly ProductServerItem[];
  /**
   * False when `items` are only the first screen's (a machine with more products than a page embeds): the
   * flow starts ready on them and reads the whole list on `more.wanted`. True when left out.
   */
  itemsComplete?: boolean;
  /** The tab the page opened on (its address can name it: issue 31, tabs that work before the app). */
  tab?: InventoryTab;
}

export interface InventoryContext {
  readonly machineId: number;
  readonly items: ProductServerItem[];
  /** The products came with the input: the flow starts ready. */
  readonly itemsGiven: boolean;
  /** They are every product of the machine, not the first screen's alone. */
  readonly itemsComplete: boolean;
  readonly paymentProducts: ProductServerItem[] | null;
  readonly tab: InventoryTab;
  readonly error: InventoryError | null;
}

export type InventoryEvent =
  | { type: 'tab.selected'; tab: InventoryTab }
  | { type: 'products.retried' }
  /** The member scrolled towards the end of the first screen's products: the rest are read. */
  | { type: 'more.wanted' }
  /** signedIn: the payment products are a member's call (spec §7), so a visitor is asked to sign in first. */
  | { type: 'pay-with-card.opened'; signedIn: boolean }
  | { type: 'login.shown' };
