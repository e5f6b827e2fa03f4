export { cardAccountActors } from './card-account.actors.ts';
export { type CardAccountMachine, cardAccountMachine } from './card-account.machine.ts';
export type {
  AccountHolder,
  CardAccount,
  CardAccountEvent,
  CardAccountInput,
} from './card-account.types.ts';
export { type CardAccountScreen, type CardAccountView, cardAccountView } from './card-account.view.ts';
