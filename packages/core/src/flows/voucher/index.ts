export { voucherActors } from './voucher.actors.ts';
export { type VoucherMachine, voucherMachine } from './voucher.machine.ts';
export type { VoucherInput } from './voucher.types.ts';
export { type VoucherView, voucherView } from './voucher.view.ts';
