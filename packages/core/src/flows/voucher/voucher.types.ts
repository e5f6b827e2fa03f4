import type { ApiError } from '../../api/api-error.ts';
import type { VoucherCallbackProblem } from '../../rules/voucher.ts';

export interface VoucherInput {
  readonly memberId: number;
  /** The code read from the callback, or why there is none to use. */
  readonly code: string | null;
  readonly problem: VoucherCallbackProblem | null;
}

export interface VoucherContext extends VoucherInput {
  readonly error: ApiError | null;
}

export interface AddVoucherInput {
  memberId: number;
  code: string;
}
