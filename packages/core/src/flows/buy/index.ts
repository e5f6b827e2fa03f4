export { buyActors } from './buy.actors.ts';
export { type BuyMachine, buyMachine } from './buy.machine.ts';
export { amountToLoad, buyerOf, dealBody, mayCreate, needsDirectPayment, priceOf, userCodeOf } from './buy.rules.ts';
export type { BuyEvent, Buyer, BuyInput, BuyOutput, BuyRequest, CreateDealInput } from './buy.types.ts';
export { type BuyView, buyView } from './buy.view.ts';
