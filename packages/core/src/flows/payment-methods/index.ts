export { paymentMethodsActors } from './payment-methods.actors.ts';
export {
  CARD_DELETE_REFRESH_MS,
  type PaymentMethodsMachine,
  paymentMethodsMachine,
} from './payment-methods.machine.ts';
export type { PaymentMethodsEvent } from './payment-methods.types.ts';
export { type PaymentMethodsView, paymentMethodsView } from './payment-methods.view.ts';
