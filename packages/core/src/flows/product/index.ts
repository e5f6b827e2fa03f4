export { productActors } from './product.actors.ts';
export { type ProductMachine, productMachine } from './product.machine.ts';
export type { ProductError } from './product.types.ts';
export { type ProductView, productView } from './product.view.ts';
