/**
 * Why a service refuses what it was asked. Services throw these and know nothing of HTTP; http/
 * answers each code with its status and error object (http/refusals.ts, the one table that does).
 */
export type RefusalCode =
  | 'not_found'
  | 'machine_not_found'
  | 'machine_without_rfid'
  | 'card_not_found'
  | 'rfid_in_use'
  | 'purchase_in_progress'
  | 'insufficient_balance'
  | 'not_for_sale'
  /** params: redirect_url, the campaign's requirement page. */
  | 'campaign_requirement'
  /** params: minimum. */
  | 'amount_too_small'
  /** params: maximum. */
  | 'amount_too_large'
  /** params: currency, the one the member tops up in. */
  | 'currency_not_accepted'
  // What the card provider declines with.
  | 'card_declined'
  | 'card_expired'
  | 'card_stolen'
  | 'card_token_invalid'
  | 'card_invalid'
  | 'code_wrong'
  | 'code_expired'
  | 'code_killed'
  | 'birth_date_invalid'
  | 'email_in_use'
  | 'voucher_code_invalid';

export type RefusalParams = Readonly<Record<string, string | number>>;

export class DomainError extends Error {
  readonly code: RefusalCode;
  /** What the refusal names (a limit, a currency, a page): filled into its words. */
  readonly params: RefusalParams;

  constructor(code: RefusalCode, params: RefusalParams = {}) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }
}

export const refuse = (code: RefusalCode, params?: RefusalParams) => new DomainError(code, params);
