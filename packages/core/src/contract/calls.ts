import * as z from 'zod/mini';
import { CardBrand, CreditCard } from './card.ts';
import { cvvPattern } from './card-number.ts';
import { CreateDealRequest, Deal, ProblemReport, ProblemReportBody } from './deal.ts';
import { ProductServer, RecentMachine } from './machine.ts';
import {
  AutoTopUpSettings,
  Balance,
  CommunityMember,
  Gender,
  MemberConfiguration,
  PaymentReference,
  Rating,
  SignedInMember,
  TopUp,
} from './member.ts';
import { codePattern, employeeNumberPattern, phonePattern } from './member-formats.ts';
import { CustomMessage } from './message.ts';
import { CalendarDate, CountryCode, Id, Locale } from './primitives.ts';
import { ProductServerItem } from './product.ts';
import { Receipt } from './receipt.ts';
import { CreateRestockAlertBody, RestockAlert } from './restock.ts';
import { CreateRfidRequest, MemberRfid, PendingCardLink } from './rfid.ts';
import { MonthTotals, StatementEntry } from './statement.ts';
import { vendoChoice } from './vendo-choice.ts';

type Schema = z.core.$ZodType;

/**
 * One call of spec §7. `path` is relative to its base: `api` is the provider's
 * base address (`/api/` by default), `v4` is the same origin's `/api/v4/`.
 */
export interface CallDef {
  readonly resource: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly base: 'api' | 'v4';
  readonly path: string;
  /** `required`: member calls; `none`: spec "No token"; `optional`: anonymous visitors may call it too (spec §6). */
  readonly auth: 'required' | 'optional' | 'none';
  readonly summary: string;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Absent when the success answer has no body worth reading (200/204). */
  readonly response?: Schema;
  /** Money-moving calls carry a caller-supplied `Idempotency-Key`. */
  readonly idempotent?: true;
  /** Set where the spec names a call but not its path (the path is Vendo's choice), or where Vendo adds to a spec call. */
  readonly vendoChoice?: string;
  /** Success is 202 Accepted: the server queued the work and does it after answering (a receipt e-mailed). */
  readonly accepted?: true;
}

/** Path parameters by name, for servers and for the generated OpenAPI description. */
export const pathParams = {
  id: Id,
  cardId: Id,
  dealId: Id,
  topUpId: Id,
  productId: Id,
  pendingId: Id,
  alertId: Id,
  name: z.string().check(z.minLength(1), z.maxLength(64)),
} as const;

const phone = z.string().check(z.regex(phonePattern));
const currency = z.string().check(z.length(3));
/**
 * Whole units of the top-up's currency (spec §5: digits only, no decimals; at most 2000 pesos). The
 * maximum is stated per currency (`topUpMaxima`): the provider checks it once it knows the currency
 * and refuses more as `amount_too_large` (issue 32 point 5).
 */
const topUpAmount = z.int().check(z.positive());

/**
 * Issue 32 points 1 and 2: the opaque id of one code's send. The app sends it back with the code, and the
 * server compares the code with that send's code only: nobody else's guesses reach it.
 */
export const CodeChallenge = z.string().check(z.minLength(1), z.maxLength(64));
const challengeChoice = 'beyond the spec: binds a code to the request that asked for it (issue 32 points 1, 2)';

export const RequestCodeBody = z.object({ phone, countries: CountryCode });
/** Spec §7: 200 or 204 is success, whatever the body; an error object in it is not (spec §8). */
export const CodeSent = z.optional(
  z
    .looseObject({ challenge: vendoChoice(CodeChallenge, challengeChoice) })
    .check(z.refine((body) => !('error' in body || 'errors' in body))),
);
export const ConfirmCodeBody = z.object({
  phone,
  countries: CountryCode,
  verify_code: z.string().check(z.regex(codePattern)),
  challenge: vendoChoice(CodeChallenge, challengeChoice),
});
export const UpdateMemberBody = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  gender: Gender,
  email: z.email(),
  birth_date: CalendarDate,
  facebook_uid: z.optional(z.string().check(z.regex(employeeNumberPattern))),
  resend_email_confirmation: z.optional(z.boolean()),
  locale: vendoChoice(
    Locale,
    'beyond the spec: the language the member uses, for the e-mails sent to them (issue 35 point 4)',
  ),
  /** Every receipt e-mailed to the member's confirmed address as it is issued; left out, the setting stays as it was. */
  send_receipts: vendoChoice(z.boolean(), 'beyond the spec: "send me every receipt" by e-mail (issue 35 point 4)'),
});
/**
 * Issue 35 point 4: the token of the link a confirmation e-mail carries (256 random bits, base64url). The
 * link may be opened on another device than the app's, so confirming needs no sign-in: the token is the proof.
 */
export const ConfirmEmailBody = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w-]+$/)),
});
export const AddCardBody = z.object({
  token: z.string().check(z.minLength(1)),
  device_session_id: z.string().check(z.minLength(1)),
  holder_name: z.string().check(z.minLength(1), z.maxLength(120)),
  brand_name: CardBrand,
});
export const AddVoucherCardBody = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(256)),
  redirect_uri: z.optional(z.string()),
});
/**
 * Issue 32 point 5: the machine a top-up is made for. Its country's currency is the balance the top-up
 * loads and its limits apply; without it the top-up is in MXN.
 */
const topUpMachine = vendoChoice(Id, 'beyond the spec: its machine (issue 32 point 5)');

export const SavedCardTopUpBody = z.object({
  credit_card_id: Id,
  amount: topUpAmount,
  currency,
  cvv: z.string().check(z.regex(cvvPattern)),
  update_cvv: z.boolean(),
  with_redirect: z.literal(false),
  product_server_id: topUpMachine,
});
export const CardlessTopUpBody = z.object({
  amount: topUpAmount,
  currency,
  with_redirect: z.boolean(),
  product_server_id: topUpMachine,
});
export const TopUpBody = z.union([SavedCardTopUpBody, CardlessTopUpBody]);
export const AmountBody = z.object({ amount: topUpAmount, currency, product_server_id: topUpMachine });
export const AutoTopUpBody = z.object({ settings: AutoTopUpSettings });
export const RatingBody = z.object({ community_member_id: Id, rating: Rating.shape.rating });
export const CardLinkBody = z.object({ product_server_id: Id });

/** How the member's history is paged (issue 32 point 8); the server answers `next_page` while there are more. */
export const dealPages = {
  size: 20,
  /** Without `page`, a client that knows nothing of pages gets the newest this many, as before. */
  unpaged: 200,
  /** 500 pages of 20: the oldest reachable deal is the 10,000th. */
  last: 500,
} as const;
const DealPage = z.int().check(z.minimum(1), z.maximum(dealPages.last));

const machineItems = z.object({ product_server_items: z.array(ProductServerItem) });
const configuration = z.object({ community_member_configuration: MemberConfiguration });
const memberPath = 'community_members/{id}';

/** Every call of spec §7, plus those whose path is Vendo's choice (marked `vendoChoice`). */
export const calls = {
  getMember: {
    resource: 'members',
    method: 'GET',
    base: 'api',
    path: memberPath,
    auth: 'required',
    summary: 'The signed-in member; `version` is the app version.',
    query: z.object({ version: z.string() }),
    response: z.object({ community_member: CommunityMember }),
  },
  requestCode: {
    resource: 'members',
    method: 'POST',
    base: 'api',
    path: 'community_members',
    auth: 'none',
    summary:
      'Texts a 4-digit sign-in code to the phone. 200 or 204 is success; Vendo answers the challenge to send back with the code.',
    body: RequestCodeBody,
    response: CodeSent,
  },
  confirmCode: {
    resource: 'members',
    method: 'POST',
    base: 'api',
    path: 'community_members/confirm',
    auth: 'none',
    summary: 'Exchanges the texted code for the member and a fresh auth token.',
    body: ConfirmCodeBody,
    response: z.object({ community_member: SignedInMember }),
  },
  updateMember: {
    resource: 'members',
    method: 'PATCH',
    base: 'api',
    path: memberPath,
    auth: 'required',
    summary: 'Saves the profile; 204 is success. `resend_email_confirmation` resends the email check.',
    body: UpdateMemberBody,
  },
  confirmEmail: {
    resource: 'members',
    method: 'POST',
    base: 'api',
    path: 'community_members/email_confirmations',
    auth: 'none',
    summary:
      "Confirms the e-mail address a confirmation e-mail's link was sent to; 204 is success. No token: the link may be opened on any device.",
    body: ConfirmEmailBody,
    vendoChoice: 'beyond the spec: the link of the confirmation e-mail the profile promises (issue 35 point 4)',
  },
  endSession: {
    resource: 'members',
    method: 'DELETE',
    base: 'api',
    path: `${memberPath}/session`,
    auth: 'required',
    summary: 'Signs out: revokes the token the request carries.',
    vendoChoice: 'spec §4 logout clears local data; Vendo also revokes the token on the server',
  },
  listCards: {
    resource: 'cards',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/credit_cards`,
    auth: 'required',
    summary: "The member's saved cards.",
    response: z.object({ credit_cards: z.array(CreditCard) }),
  },
  addCard: {
    resource: 'cards',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/credit_cards`,
    auth: 'required',
    summary: 'Saves a card from a provider token; never a card number.',
    body: AddCardBody,
    response: z.object({ credit_card: CreditCard }),
  },
  deleteCard: {
    resource: 'cards',
    method: 'DELETE',
    base: 'api',
    path: `${memberPath}/credit_cards/{cardId}`,
    auth: 'required',
    summary: 'Removes a saved card.',
  },
  addVoucherCard: {
    resource: 'cards',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/voucher_cards`,
    auth: 'required',
    summary: 'Exchanges a meal-voucher authorization code for a saved card of brand edenred.',
    body: AddVoucherCardBody,
    response: z.object({ credit_card: CreditCard }),
    vendoChoice: 'spec §7 names "add voucher card" but not its path',
  },
  listBalances: {
    resource: 'balances',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/balances`,
    auth: 'required',
    summary: "The member's prepaid balances, one per currency.",
    response: z.object({ balances: z.array(Balance) }),
  },
  createTopUp: {
    resource: 'topUps',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/top_ups`,
    auth: 'required',
    summary: 'Charges a saved card (with its CVV), or starts a card-less top-up.',
    body: TopUpBody,
    response: z.object({ top_up: z.optional(TopUp), url: z.optional(z.nullable(z.string())) }),
    idempotent: true,
  },
  createRedirectTopUp: {
    resource: 'topUps',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/top_ups/with_redirect`,
    auth: 'required',
    summary: 'Pay without saving: answers the checkout url to open.',
    body: AmountBody,
    response: z.object({
      url: z.string(),
      top_up: vendoChoice(
        TopUp,
        'beyond the spec: the top-up made, whose receipt the way back links (issue 35 point 3)',
      ),
    }),
    idempotent: true,
  },
  createReferenceTopUp: {
    resource: 'topUps',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/top_ups/reference`,
    auth: 'required',
    summary: 'Recharge by reference: answers a payable reference.',
    body: AmountBody,
    response: z.object({ payment_reference: PaymentReference }),
    idempotent: true,
    vendoChoice: 'spec §7 names "recharge-by-reference" but not its path',
  },
  updateAutoTopUp: {
    resource: 'topUps',
    method: 'PATCH',
    base: 'api',
    path: `${memberPath}/update_auto_top_up`,
    auth: 'required',
    summary: 'Saves the automatic top-up settings.',
    body: AutoTopUpBody,
    response: AutoTopUpBody,
  },
  listDeals: {
    resource: 'deals',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/deals`,
    auth: 'required',
    summary:
      "The member's past deals, newest first: with `page`, 20 a page and the next page's number (null on the last); without it, the newest 200.",
    query: z.object({ page: z.optional(DealPage) }),
    response: z.object({ deals: z.array(Deal), next_page: z.optional(z.nullable(DealPage)) }),
    vendoChoice: 'spec §7 lists deals unpaged; Vendo adds the optional `page` and `next_page` (issue 32 point 8)',
  },
  getStatement: {
    resource: 'statement',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/statement`,
    auth: 'required',
    summary:
      "The member's purchases and top-ups as a statement, newest first, 20 a page (page 1 without `page`), each with its receipt when it has one, and the totals of every month on the page over the whole month, cut in `time_zone`.",
    query: z.object({ page: z.optional(DealPage) }),
    response: z.object({
      entries: z.array(StatementEntry),
      months: z.array(MonthTotals),
      next_page: z.nullable(DealPage),
      time_zone: z.string().check(z.minLength(1)),
    }),
    vendoChoice:
      'beyond the spec: the history as a statement, top-ups beside purchases, month totals (issue 35 point 5)',
  },
  createDeal: {
    resource: 'deals',
    method: 'POST',
    base: 'api',
    path: 'product_servers/{id}/deals',
    auth: 'required',
    summary: 'Buys, samples or pays a service on a machine.',
    body: CreateDealRequest,
    response: z.object({ deal: Deal }),
    idempotent: true,
  },
  reportDealProblem: {
    resource: 'deals',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/deals/{dealId}/problem_reports`,
    auth: 'required',
    summary: 'Reports a problem with a past deal; a deal charged but not delivered is refunded to the balance, once.',
    body: ProblemReportBody,
    response: z.object({ problem_report: ProblemReport }),
    vendoChoice: 'beyond the spec: members report a failed or undelivered deal from their history',
  },
  createRestockAlert: {
    resource: 'restockAlerts',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/restock_alerts`,
    auth: 'required',
    summary: 'Asks to be told when a sold-out product of a machine is back; the member answer lists the alerts.',
    body: CreateRestockAlertBody,
    response: z.object({ restock_alert: RestockAlert }),
    vendoChoice: 'beyond the spec: "Avísame cuando haya" on a sold-out product (issue 35 point 2)',
  },
  deleteRestockAlert: {
    resource: 'restockAlerts',
    method: 'DELETE',
    base: 'api',
    path: `${memberPath}/restock_alerts/{alertId}`,
    auth: 'required',
    summary: 'Ends a restock alert: cancelled, or its news seen.',
    vendoChoice: 'beyond the spec: "Avísame cuando haya" on a sold-out product (issue 35 point 2)',
  },
  getDeal: {
    resource: 'deals',
    method: 'GET',
    base: 'api',
    path: 'product_servers/{id}/deals/{dealId}',
    auth: 'required',
    summary: 'One deal, polled every second while it is delivered.',
    response: z.object({ deal: Deal }),
  },
  getDealReceipt: {
    resource: 'receipts',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/receipts/deals/{dealId}`,
    auth: 'required',
    summary: "The receipt of one of the member's delivered purchases: folio, machine, product, payment, balance after.",
    response: z.object({ receipt: Receipt }),
    vendoChoice: 'beyond the spec: a receipt for every delivered purchase (issue 35 point 3)',
  },
  getTopUpReceipt: {
    resource: 'receipts',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/receipts/top_ups/{topUpId}`,
    auth: 'required',
    summary: "The receipt of one of the member's credited top-ups: folio, how it was paid, balance after.",
    response: z.object({ receipt: Receipt }),
    vendoChoice: 'beyond the spec: a receipt for every credited top-up (issue 35 point 3)',
  },
  emailDealReceipt: {
    resource: 'receipts',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/receipts/deals/{dealId}/email`,
    auth: 'required',
    summary:
      "E-mails the receipt of one of the member's delivered purchases to their confirmed address; 202 once it is queued.",
    accepted: true,
    vendoChoice: 'beyond the spec: "Enviar a mi correo" on a receipt (issue 35 point 4)',
  },
  emailTopUpReceipt: {
    resource: 'receipts',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/receipts/top_ups/{topUpId}/email`,
    auth: 'required',
    summary:
      "E-mails the receipt of one of the member's credited top-ups to their confirmed address; 202 once it is queued.",
    accepted: true,
    vendoChoice: 'beyond the spec: "Enviar a mi correo" on a receipt (issue 35 point 4)',
  },
  getConfiguration: {
    resource: 'configurations',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/community_member_configurations`,
    auth: 'required',
    summary: "The member's configuration (rating modal display).",
    response: configuration,
  },
  saveConfiguration: {
    resource: 'configurations',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/community_member_configurations`,
    auth: 'required',
    summary: "Saves the member's configuration.",
    body: MemberConfiguration,
    response: configuration,
  },
  createRating: {
    resource: 'ratings',
    method: 'POST',
    base: 'api',
    path: 'ratings',
    auth: 'required',
    summary: 'Records an in-app rating.',
    body: RatingBody,
    response: z.object({ rating: Rating }),
  },
  listMessages: {
    resource: 'messages',
    method: 'GET',
    base: 'api',
    path: 'community_member_messages',
    auth: 'required',
    summary: 'Custom messages for the member, shown as modals.',
    query: z.object({ community_member_id: Id }),
    response: z.object({ community_member_messages: z.array(CustomMessage) }),
  },
  listRecentMachines: {
    resource: 'machines',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/product_servers`,
    auth: 'required',
    summary: 'Machines the member used recently.',
    response: z.object({ product_servers: z.array(RecentMachine) }),
  },
  findMachine: {
    resource: 'machines',
    method: 'GET',
    base: 'api',
    path: 'product_server/{name}',
    auth: 'none',
    summary: 'Looks a machine up by name; answers only its id.',
    response: z.object({ product_server: z.object({ id: Id }) }),
  },
  getMachine: {
    resource: 'machines',
    method: 'GET',
    base: 'api',
    path: 'product_servers/{id}',
    auth: 'optional',
    summary: 'A machine with its settings, country and banners.',
    response: z.object({ product_server: ProductServer }),
  },
  listProducts: {
    resource: 'products',
    method: 'GET',
    base: 'api',
    path: 'product_servers/{id}/products',
    auth: 'none',
    summary: "A machine's inventory.",
    response: machineItems,
  },
  listPaymentProducts: {
    resource: 'products',
    method: 'GET',
    base: 'api',
    path: 'product_servers/{id}/payment_products',
    auth: 'required',
    summary: 'Products payable with a card from the insert-coin tab.',
    response: machineItems,
  },
  getProduct: {
    resource: 'products',
    method: 'GET',
    base: 'api',
    path: 'product_servers/{id}/products/{productId}',
    auth: 'optional',
    summary: 'One product of a machine.',
    response: z.object({ product_server_item: ProductServerItem }),
  },
  listServices: {
    resource: 'products',
    method: 'GET',
    base: 'api',
    path: 'product_servers/{id}/services',
    auth: 'optional',
    summary: "A machine's services (sale type 4, paid by upc).",
    response: machineItems,
    vendoChoice: 'spec §7 names "machine services" but not its path',
  },
  listRfids: {
    resource: 'rfids',
    method: 'GET',
    base: 'v4',
    path: 'community_member_rfids',
    auth: 'required',
    summary: "The member's RFID cards and devices.",
    response: z.object({ community_member_rfids: z.array(MemberRfid) }),
  },
  createRfid: {
    resource: 'rfids',
    method: 'POST',
    base: 'v4',
    path: 'community_member_rfids',
    auth: 'required',
    summary: 'Adds a remote RFID device.',
    body: CreateRfidRequest,
    response: z.object({
      community_member_rfid: MemberRfid,
      community_member_rfids: z.optional(z.array(MemberRfid)),
    }),
  },
  deleteRfid: {
    resource: 'rfids',
    method: 'DELETE',
    base: 'v4',
    path: 'community_member_rfids/{id}',
    auth: 'required',
    summary: 'Removes an RFID card or device.',
  },
  getCardLink: {
    resource: 'cardLinks',
    method: 'GET',
    base: 'v4',
    path: `${memberPath}/pending_card_links/{pendingId}`,
    auth: 'required',
    summary: 'A pending employee-card link, polled every second.',
    response: z.object({ pending_card_link: PendingCardLink }),
  },
  createCardLink: {
    resource: 'cardLinks',
    method: 'POST',
    base: 'v4',
    path: `${memberPath}/pending_card_links`,
    auth: 'required',
    summary: 'Starts linking an employee card on a machine.',
    body: CardLinkBody,
    response: z.object({ pending_card_link: PendingCardLink }),
  },
  cancelCardLinks: {
    resource: 'cardLinks',
    method: 'DELETE',
    base: 'v4',
    path: `${memberPath}/pending_card_links`,
    auth: 'required',
    summary: "Cancels the member's pending card links.",
  },
} as const satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;

/** The full path of a call as served, e.g. `/api/v4/community_member_rfids`. */
export function servedPath(call: CallDef): string {
  return `${call.base === 'v4' ? '/api/v4/' : '/api/'}${call.path}`;
}
