export {
  CARD_DELETE_REFRESH_MS,
  type PaymentMethodsEvent,
  type PaymentMethodsMachine,
  paymentMethodsActors,
  paymentMethodsMachine,
} from './payment-methods.machine.ts';
