export { type VoucherInput, type VoucherMachine, voucherActors, voucherMachine } from './voucher.machine.ts';
