export { topUpActors } from './top-up.actors.ts';
export { type TopUpMachine, topUpMachine } from './top-up.machine.ts';
export { amountOf, requestOf } from './top-up.rules.ts';
export type { PayInput, PaymentMode, TopUpEvent, TopUpInput, TopUpOutcome, TopUpRequest } from './top-up.types.ts';
export { type TopUpView, topUpView } from './top-up.view.ts';
