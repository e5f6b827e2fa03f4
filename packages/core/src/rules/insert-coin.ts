import type { ProductServer } from '../contract/machine.ts';

/** Inventory tabs (spec §2): 0 the product list, 1 the insert-coin keypad. */
export type InventoryTab = 0 | 1;

type KeyboardInfo = Pick<ProductServer, 'mobile_keyboard_type'>;

/** Spec §2/§3: only machines whose mobile_keyboard_type is numeric have the touchless keypad. */
export const hasKeypad = (machine: KeyboardInfo) => machine.mobile_keyboard_type === 'numeric';

/** Spec §2: the insert-coin tab (1) exists only on numeric-keyboard machines. */
export const inventoryTabs = (machine: KeyboardInfo): InventoryTab[] => (hasKeypad(machine) ? [0, 1] : [0]);
