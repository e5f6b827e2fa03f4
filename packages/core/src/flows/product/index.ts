export { type ProductError, type ProductMachine, productActors, productMachine } from './product.machine.ts';
