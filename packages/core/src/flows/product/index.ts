export { productActors } from './product.actors.ts';
export { PRODUCT_LOAD_LIMIT_MS, type ProductMachine, productMachine } from './product.machine.ts';
export type { ProductError } from './product.types.ts';
export { type ProductView, productView } from './product.view.ts';
