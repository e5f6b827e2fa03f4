export {
  type InventoryError,
  type InventoryEvent,
  type InventoryMachine,
  inventoryActors,
  inventoryMachine,
} from './inventory.machine.ts';
export { type InventoryView, inventoryView } from './inventory.view.ts';
