export { inventoryActors } from './inventory.actors.ts';
export { type InventoryMachine, inventoryMachine } from './inventory.machine.ts';
export type { InventoryError, InventoryEvent } from './inventory.types.ts';
export { type InventoryView, inventoryView } from './inventory.view.ts';
