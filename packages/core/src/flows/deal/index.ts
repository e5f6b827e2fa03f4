export { dealActors } from './deal.actors.ts';
export { type DealMachine, dealMachine } from './deal.machine.ts';
export {
  connectTimeoutMs,
  type DealScreen,
  dealEndScreens,
  dealScreens,
  type FailureReason,
  failureReason,
  hasCampaign,
  offersTopUp,
  READY_GRACE_MS,
  readyTimeoutMs,
  screenFor,
  topUpReturnPath,
} from './deal.rules.ts';
export type { DealContext, DealEvent, DealFailure, DealInput, FetchDealInput } from './deal.types.ts';
export { type DealView, dealView } from './deal.view.ts';
