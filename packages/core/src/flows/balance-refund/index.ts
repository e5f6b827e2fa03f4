export * from './balance-refund.actors.ts';
export * from './balance-refund.machine.ts';
export { type BalanceRefundFieldProblem, problemsOf, refundAmountOf } from './balance-refund.rules.ts';
export type * from './balance-refund.types.ts';
export * from './balance-refund.view.ts';
