import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { callExamples } from '../contract/call-examples.ts';
import { type CallDef, type CallName, calls } from '../contract/calls.ts';
import { json, scriptedFetch } from '../test-support/scripted-fetch.ts';
import { type Api, createApi } from './index.ts';

const origin = 'https://vendo.test';
const key = 'key-4a1f';

interface Row {
  readonly invoke: (api: Api) => Promise<unknown>;
  readonly url: string;
}

/** Every call of spec §7 through its resource function, with the URL it must reach. */
const rows: Record<CallName, Row> = {
  getMember: { invoke: (api) => api.members.get(17), url: '/api/community_members/17?version=2.0.0' },
  requestCode: {
    invoke: (api) => api.members.requestCode({ phone: '5512345678', countries: '+52' }),
    url: '/api/community_members',
  },
  confirmCode: {
    invoke: (api) => api.members.confirmCode(callExamples.confirmCode.body.good),
    url: '/api/community_members/confirm',
  },
  updateMember: {
    invoke: (api) => api.members.update(17, callExamples.updateMember.body.good),
    url: '/api/community_members/17',
  },
  endSession: { invoke: (api) => api.members.signOut(17), url: '/api/community_members/17/session' },
  confirmEmail: {
    invoke: (api) => api.members.confirmEmail(callExamples.confirmEmail.body.good),
    url: '/api/community_members/email_confirmations',
  },
  listCards: { invoke: (api) => api.cards.list(17), url: '/api/community_members/17/credit_cards' },
  addCard: {
    invoke: (api) => api.cards.add(17, callExamples.addCard.body.good),
    url: '/api/community_members/17/credit_cards',
  },
  deleteCard: { invoke: (api) => api.cards.remove(17, 3), url: '/api/community_members/17/credit_cards/3' },
  addVoucherCard: {
    invoke: (api) => api.cards.addVoucher(17, { code: 'edr_code_19' }),
    url: '/api/community_members/17/voucher_cards',
  },
  listBalances: { invoke: (api) => api.balances.list(17), url: '/api/community_members/17/balances' },
  createTopUp: {
    invoke: (api) => api.topUps.create(17, callExamples.createTopUp.body.good, { idempotencyKey: key }),
    url: '/api/community_members/17/top_ups',
  },
  createRedirectTopUp: {
    invoke: (api) => api.topUps.withRedirect(17, { amount: 200, currency: 'MXN' }, { idempotencyKey: key }),
    url: '/api/community_members/17/top_ups/with_redirect',
  },
  createReferenceTopUp: {
    invoke: (api) => api.topUps.byReference(17, { amount: 200, currency: 'MXN' }, { idempotencyKey: key }),
    url: '/api/community_members/17/top_ups/reference',
  },
  listPendingTopUps: {
    invoke: (api) => api.topUps.pending(17),
    url: '/api/community_members/17/pending_top_ups',
  },
  updateAutoTopUp: {
    invoke: (api) => api.topUps.updateAuto(17, callExamples.updateAutoTopUp.body.good),
    url: '/api/community_members/17/update_auto_top_up',
  },
  listDeals: { invoke: (api) => api.deals.list(17), url: '/api/community_members/17/deals' },
  createDeal: {
    invoke: (api) => api.deals.create(7, callExamples.createDeal.body.good, { idempotencyKey: key }),
    url: '/api/product_servers/7/deals',
  },
  getDeal: { invoke: (api) => api.deals.get(7, 5001), url: '/api/product_servers/7/deals/5001' },
  reportDealProblem: {
    invoke: (api) => api.deals.reportProblem(17, 5001, callExamples.reportDealProblem.body.good),
    url: '/api/community_members/17/deals/5001/problem_reports',
  },
  createRestockAlert: {
    invoke: (api) => api.restockAlerts.create(17, callExamples.createRestockAlert.body.good),
    url: '/api/community_members/17/restock_alerts',
  },
  deleteRestockAlert: {
    invoke: (api) => api.restockAlerts.remove(17, 9),
    url: '/api/community_members/17/restock_alerts/9',
  },
  getDealReceipt: {
    invoke: (api) => api.receipts.deal(17, 5001),
    url: '/api/community_members/17/receipts/deals/5001',
  },
  getTopUpReceipt: {
    invoke: (api) => api.receipts.topUp(17, 31),
    url: '/api/community_members/17/receipts/top_ups/31',
  },
  emailDealReceipt: {
    invoke: (api) => api.receipts.emailDeal(17, 5001),
    url: '/api/community_members/17/receipts/deals/5001/email',
  },
  emailTopUpReceipt: {
    invoke: (api) => api.receipts.emailTopUp(17, 31),
    url: '/api/community_members/17/receipts/top_ups/31/email',
  },
  getRewards: {
    invoke: (api) => api.rewards.get(17, { machineId: 7 }),
    url: '/api/community_members/17/rewards?product_server_id=7',
  },
  getSpeiAccount: {
    invoke: (api) => api.spei.account(17),
    url: '/api/community_members/17/spei_account',
  },
  createSpeiAccount: {
    invoke: (api) => api.spei.createAccount(17),
    url: '/api/community_members/17/spei_account',
  },
  getTaxProfile: {
    invoke: (api) => api.invoices.taxProfile(17),
    url: '/api/community_members/17/tax_profile',
  },
  saveTaxProfile: {
    invoke: (api) => api.invoices.saveTaxProfile(17, callExamples.saveTaxProfile.body.good),
    url: '/api/community_members/17/tax_profile',
  },
  getTopUpInvoice: {
    invoke: (api) => api.invoices.ofTopUp(17, 31),
    url: '/api/community_members/17/top_ups/31/invoice',
  },
  requestInvoice: {
    invoke: (api) => api.invoices.request(17, 31),
    url: '/api/community_members/17/top_ups/31/invoice',
  },
  getInvoiceFiles: {
    invoke: (api) => api.invoices.files(17, 9),
    url: '/api/community_members/17/invoices/9/files',
  },
  emailInvoice: {
    invoke: (api) => api.invoices.email(17, 9),
    url: '/api/community_members/17/invoices/9/email',
  },
  getBalanceRefundPlan: {
    invoke: (api) => api.balanceRefunds.plan(17, { currency: 'MXN' }),
    url: '/api/community_members/17/balance_refunds/plan?currency=MXN',
  },
  listBalanceRefunds: {
    invoke: (api) => api.balanceRefunds.list(17),
    url: '/api/community_members/17/balance_refunds',
  },
  createBalanceRefund: {
    invoke: (api) => api.balanceRefunds.create(17, callExamples.createBalanceRefund.body.good, { idempotencyKey: key }),
    url: '/api/community_members/17/balance_refunds',
  },
  getStatement: {
    invoke: (api) => api.statement.get(17, { page: 2 }),
    url: '/api/community_members/17/statement?page=2',
  },
  getConfiguration: {
    invoke: (api) => api.configurations.get(17),
    url: '/api/community_members/17/community_member_configurations',
  },
  saveConfiguration: {
    invoke: (api) => api.configurations.save(17, { displayRatingModal: false }),
    url: '/api/community_members/17/community_member_configurations',
  },
  createRating: {
    invoke: (api) => api.ratings.create({ community_member_id: 17, rating: 5 }),
    url: '/api/ratings',
  },
  listMessages: {
    invoke: (api) => api.messages.list(17),
    url: '/api/community_member_messages?community_member_id=17',
  },
  listRecentMachines: { invoke: (api) => api.machines.recent(17), url: '/api/community_members/17/product_servers' },
  findMachine: { invoke: (api) => api.machines.findByName('demo'), url: '/api/product_server/demo' },
  getMachine: { invoke: (api) => api.machines.get(7), url: '/api/product_servers/7' },
  listProducts: { invoke: (api) => api.products.list(7), url: '/api/product_servers/7/products' },
  listPaymentProducts: { invoke: (api) => api.products.listPayment(7), url: '/api/product_servers/7/payment_products' },
  getProduct: { invoke: (api) => api.products.get(7, 101), url: '/api/product_servers/7/products/101' },
  listServices: { invoke: (api) => api.products.listServices(7), url: '/api/product_servers/7/services' },
  listRfids: { invoke: (api) => api.rfids.list(), url: '/api/v4/community_member_rfids' },
  createRfid: {
    invoke: (api) => api.rfids.create(callExamples.createRfid.body.good),
    url: '/api/v4/community_member_rfids',
  },
  deleteRfid: { invoke: (api) => api.rfids.remove(4), url: '/api/v4/community_member_rfids/4' },
  getCardLink: {
    invoke: (api) => api.cardLinks.get(17, 12),
    url: '/api/v4/community_members/17/pending_card_links/12',
  },
  createCardLink: {
    invoke: (api) => api.cardLinks.create(17, 7),
    url: '/api/v4/community_members/17/pending_card_links',
  },
  cancelCardLinks: {
    invoke: (api) => api.cardLinks.cancelAll(17),
    url: '/api/v4/community_members/17/pending_card_links',
  },
};

const names = Object.keys(calls) as CallName[];
type Example = { body?: { good: unknown }; response?: { good: unknown; bad: unknown } };
const exampleOf = (name: CallName) => callExamples[name] as Example;

function clientAnswering(body: unknown, status = 200) {
  const script = scriptedFetch(() => (body === undefined ? new Response(null, { status: 204 }) : json(body, status)));
  const api = createApi({
    baseUrl: `${origin}/api/`,
    getToken: () => 'tok-17',
    getLocale: () => 'en',
    fetch: script.fetch,
  });
  return { api, requests: script.requests };
}

describe('spec §7 client: one typed function per call', () => {
  it('has a row for every call of the contract', () => {
    expect(Object.keys(rows).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s reaches its method and path', async (name) => {
    const { api, requests } = clientAnswering(exampleOf(name).response?.good);

    await rows[name].invoke(api);

    expect(requests[0]?.method).toBe(calls[name].method);
    expect(requests[0]?.url).toBe(`${origin}${rows[name].url}`);
  });

  it.each(names)('%s sends its body as JSON', async (name) => {
    const { api, requests } = clientAnswering(exampleOf(name).response?.good);

    await rows[name].invoke(api);

    const sent = await requests[0]?.text();
    const expected = name === 'createCardLink' ? { product_server_id: 7 } : exampleOf(name).body?.good;
    expect(sent ? JSON.parse(sent) : undefined).toEqual(expected);
  });

  it.each(names)('%s authorizes with "Token token=…" unless the spec says "No token"', async (name) => {
    const { api, requests } = clientAnswering(exampleOf(name).response?.good);

    await rows[name].invoke(api);

    const expected = calls[name].auth === 'none' ? null : 'Token token=tok-17';
    expect(requests[0]?.headers.get('Authorization')).toBe(expected);
  });

  it.each(names)('%s parses a success answer with its schema', async (name) => {
    const good = exampleOf(name).response?.good;
    const { api } = clientAnswering(good);

    const result = await rows[name].invoke(api);

    const schema = (calls[name] as { response?: z.core.$ZodType }).response;
    expect(result).toEqual({ ok: true, value: schema ? z.parse(schema, good) : undefined });
  });

  it.each(names.filter((name) => exampleOf(name).response))(
    '%s turns an answer outside the contract into a schema ApiError',
    async (name) => {
      const { api } = clientAnswering(exampleOf(name).response?.bad);

      const result = (await rows[name].invoke(api)) as { ok: boolean; error?: { kind: string } };

      expect(result.ok).toBe(false);
      expect(result.error?.kind).toBe('schema');
    },
  );

  it.each(names.filter((name) => (calls[name] as CallDef).idempotent))(
    "%s sends the caller's Idempotency-Key",
    async (name) => {
      const { api, requests } = clientAnswering(exampleOf(name).response?.good);

      await rows[name].invoke(api);

      expect(requests[0]?.headers.get('Idempotency-Key')).toBe(key);
    },
  );
});
