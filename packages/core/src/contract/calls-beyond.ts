import * as z from 'zod/mini';
import { BalanceRefund, BalanceRefundPlan, BalanceRefundPlanQuery, CreateBalanceRefundBody } from './balance-refund.ts';
import { type CallDef, DealPage, memberPath } from './call-def.ts';
import { Invoice, InvoiceFiles } from './invoice.ts';
import { PendingTopUp } from './pending-top-up.ts';
import { Id, Timestamp } from './primitives.ts';
import { Receipt } from './receipt.ts';
import { CreateRestockAlertBody, RestockAlert } from './restock.ts';
import { BonusCredit, RewardProgram } from './rewards.ts';
import { SpeiAccount } from './spei.ts';
import { MonthTotals, StatementEntry } from './statement.ts';
import { TaxProfile } from './tax-profile-schema.ts';

/**
 * Issue 35 point 4: the token of the link a confirmation e-mail carries (256 random bits, base64url). The
 * link may be opened on another device than the app's, so confirming needs no sign-in: the token is the proof.
 */
export const ConfirmEmailBody = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w-]+$/)),
});

const invoicesWhy =
  "beyond the spec: invoices (CFDI 4.0) of top-ups, issued on the operator's behalf (issue 37 point 3)";

/**
 * Issue 35's, 36's and 37's calls, each Vendo's own (`vendoChoice`): the e-mail confirmation's link, the statement,
 * restock alerts, receipts read and e-mailed, reward programs, the member's CLABE, invoices (CFDI) of top-ups and
 * balance refunds. `calls` (calls.ts) holds
 * them beside the spec's.
 */
export const beyondCalls = {
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
  getRewards: {
    resource: 'rewards',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/rewards`,
    auth: 'required',
    summary:
      "The reward programs running or kept, with the member's progress on each, and the member's unspent bonus credit; with `product_server_id`, only the programs and credit of that machine.",
    query: z.object({ product_server_id: z.optional(Id) }),
    response: z.object({ programs: z.array(RewardProgram), bonus: z.array(BonusCredit) }),
    vendoChoice: 'beyond the spec: stamp cards and top-up bonuses, as peers give them (issue 36)',
  },
  listPendingTopUps: {
    resource: 'topUps',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/pending_top_ups`,
    auth: 'required',
    summary:
      "The member's store references, newest first: those still payable, and those expired or credited in the last 7 days.",
    response: z.object({ pending_top_ups: z.array(PendingTopUp) }),
    vendoChoice: 'beyond the spec: "Pagos pendientes", store references found again until paid (issue 37 point 1)',
  },
  getSpeiAccount: {
    resource: 'spei',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/spei_account`,
    auth: 'required',
    summary:
      "The member's personal CLABE for SPEI transfers; null until they asked for one (404 is a provider without SPEI).",
    response: z.object({ spei_account: z.nullable(SpeiAccount) }),
    vendoChoice: 'beyond the spec: top up by a SPEI transfer from any bank (issue 37 point 2)',
  },
  createSpeiAccount: {
    resource: 'spei',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/spei_account`,
    auth: 'required',
    summary:
      "Gives the member their personal CLABE, never another's; asked again, it answers the same one. A transfer to it credits the MXN balance.",
    response: z.object({ spei_account: SpeiAccount }),
    vendoChoice: 'beyond the spec: top up by a SPEI transfer from any bank (issue 37 point 2)',
  },
  getTaxProfile: {
    resource: 'invoices',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/tax_profile`,
    auth: 'required',
    summary: "The member's tax profile invoices are made out to; null until they saved one.",
    response: z.object({ tax_profile: z.nullable(TaxProfile) }),
    vendoChoice: invoicesWhy,
  },
  saveTaxProfile: {
    resource: 'invoices',
    method: 'PATCH',
    base: 'api',
    path: `${memberPath}/tax_profile`,
    auth: 'required',
    summary:
      "Saves the member's tax profile (RFC, name as registered with SAT, postal code, regime, CFDI use); 422 `tax_profile_invalid` lists each field's problem in `errors`, coded as taxProfileProblems codes them.",
    body: TaxProfile,
    response: z.object({ tax_profile: TaxProfile }),
    vendoChoice: invoicesWhy,
  },
  getTopUpInvoice: {
    resource: 'invoices',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/top_ups/{topUpId}/invoice`,
    auth: 'required',
    summary:
      "The invoice of one of the member's top-ups (null until asked for) and until when one may be asked for (null when the window closed, the top-up is not credited, or a balance refund gives back some of it: then `refunded` is true).",
    response: z.object({
      invoice: z.nullable(Invoice),
      invoiceable_until: z.nullable(Timestamp),
      refunded: z.optional(z.boolean()),
    }),
    vendoChoice: invoicesWhy,
  },
  requestInvoice: {
    resource: 'invoices',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/top_ups/{topUpId}/invoice`,
    auth: 'required',
    summary:
      'Asks for the invoice of a credited MXN top-up within the Mexico City month it was paid in: issued, or failed with why (asked again, a failed one is retried with the profile as it is now; an issued one is answered again, never stamped twice). 422 `invoice_window_closed`, `top_up_not_credited`, `top_up_refunded` (a balance refund gives back some of it), `tax_profile_missing`.',
    response: z.object({ invoice: Invoice }),
    vendoChoice: invoicesWhy,
  },
  getInvoiceFiles: {
    resource: 'invoices',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/invoices/{invoiceId}/files`,
    auth: 'required',
    summary:
      "An issued invoice's XML and its PDF (base64, in the member's language), for the app to offer as downloads.",
    response: InvoiceFiles,
    vendoChoice: invoicesWhy,
  },
  emailInvoice: {
    resource: 'invoices',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/invoices/{invoiceId}/email`,
    auth: 'required',
    summary:
      "E-mails an issued invoice, XML and PDF attached, to the member's confirmed address; 202 once it is queued, 422 `email_not_confirmed` without one.",
    accepted: true,
    vendoChoice: invoicesWhy,
  },
  getBalanceRefundPlan: {
    resource: 'balanceRefunds',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/balance_refunds/plan`,
    auth: 'required',
    summary:
      "What of the member's own money in a currency can be given back now, where each part would go (each card its own, the rest by SPEI), and what is left of the month's cap.",
    query: BalanceRefundPlanQuery,
    response: z.object({ plan: BalanceRefundPlan }),
    vendoChoice: 'beyond the spec: getting your balance back (issue 37 point 4)',
  },
  listBalanceRefunds: {
    resource: 'balanceRefunds',
    method: 'GET',
    base: 'api',
    path: `${memberPath}/balance_refunds`,
    auth: 'required',
    summary: "The member's balance refunds, newest first, each with its state and its parts.",
    response: z.object({ balance_refunds: z.array(BalanceRefund) }),
    vendoChoice: 'beyond the spec: getting your balance back (issue 37 point 4)',
  },
  createBalanceRefund: {
    resource: 'balanceRefunds',
    method: 'POST',
    base: 'api',
    path: `${memberPath}/balance_refunds`,
    auth: 'required',
    summary:
      "Asks for the member's own money back (all of it when no amount is given): held out of the balance at once, then sent to the cards and by SPEI. 422 with the reason when it cannot be.",
    body: CreateBalanceRefundBody,
    response: z.object({ balance_refund: BalanceRefund }),
    idempotent: true,
    vendoChoice: 'beyond the spec: getting your balance back (issue 37 point 4)',
  },
} as const satisfies Record<string, CallDef>;
