import type { ApiError } from '../../api/api-error.ts';
import type { AutoTopUpSettings, CreditCard } from '../../contract/index.ts';
import type { TopUpLimits } from '../../rules/top-up.ts';

export type AutoTopUpProblem = 'threshold_invalid' | 'amount_invalid' | 'card_missing';

export interface AutoTopUpInput {
  readonly memberId: number;
  readonly saved: AutoTopUpSettings | null;
  readonly cards: readonly CreditCard[];
  readonly limits: TopUpLimits;
}

export interface AutoTopUpContext extends AutoTopUpInput {
  readonly settings: AutoTopUpSettings;
  readonly problem: AutoTopUpProblem | null;
  readonly error: ApiError | null;
}

export type AutoTopUpEvent = { type: 'settings.changed'; settings: AutoTopUpSettings } | { type: 'save.requested' };

export interface SaveAutoTopUpInput {
  memberId: number;
  settings: AutoTopUpSettings;
}
