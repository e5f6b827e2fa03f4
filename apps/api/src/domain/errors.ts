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
  /** params: maximum, the cards and devices a member keeps. */
  | 'rfid_limit_reached'
  /** Issue 35 point 2, params: maximum, the restock alerts a member keeps at once. */
  | 'restock_alert_limit_reached'
  /** params: maximum, the saved cards (vouchers included) a member keeps. */
  | 'card_limit_reached'
  /** params: retry_after, seconds until the holder's lease ends. */
  | 'purchase_in_progress'
  | 'insufficient_balance'
  | 'not_for_sale'
  /** Issue 32 point 4: a sample (sale type 3) names a product the machine does not give as a sample. */
  | 'not_sampleable'
  /** Issue 32 point 4: the machine's own keyboard (any product) is for balance sales (sale type 2) only. */
  | 'any_product_not_allowed'
  /** Issue 32 point 4, params: limit, the samples a member takes per machine a day. */
  | 'sample_limit_reached'
  /** Issue 35 point 1: the machine holds none of the product that no other purchase has reserved. */
  | 'product_sold_out'
  /** Issue 36: the stamp card named has no reward the member may use at this machine now. */
  | 'reward_not_available'
  /** Issue 36: a reward is for a sale or service of one product, never a keypad buy (any product) or a sample. */
  | 'reward_not_allowed'
  /** Issue 32 point 6: an offline machine sells nothing. */
  | 'machine_offline'
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
  /** Issue 35 point 4: a confirmation link unknown, spent, replaced by a newer one, or for an address since changed. */
  | 'email_confirmation_invalid'
  /** Issue 35 point 4: a confirmation link past its 48 hours. */
  | 'email_confirmation_expired'
  /** Issue 35 point 4: a receipt e-mailed needs an address, and a confirmed one. */
  | 'email_not_confirmed'
  | 'voucher_code_invalid'
  /** Issue 37 point 3: an invoice is only of a top-up credited in pesos. */
  | 'top_up_not_credited'
  /** Issue 37 point 3: a balance refund gives back some of the top-up's money, so it is not invoiced. */
  | 'top_up_refunded'
  /** Issue 37 point 3: the Mexico City month the top-up was paid in is over. */
  | 'invoice_window_closed'
  /** Issue 37 point 3: the member saved no tax profile to make the invoice out to. */
  | 'tax_profile_missing'
  /** Issue 37 point 3: files and e-mail are of an issued invoice only. */
  | 'invoice_not_issued'
  /** Issue 37 point 4: why a balance refund cannot be asked for (core's refundAllowed and clabeProblem). */
  | 'nothing_to_refund'
  /** params: minimum. */
  | 'below_minimum'
  | 'above_refundable'
  | 'monthly_count'
  | 'monthly_amount'
  | 'clabe_needed'
  | 'clabe_invalid'
  | 'clabe_not_members'
  | 'clabe_own_vendo'
  | 'clabe_name_changed';

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
