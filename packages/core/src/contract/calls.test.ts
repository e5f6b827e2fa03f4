import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { callExamples } from './call-examples.ts';
import { type CallDef, calls, servedPath } from './calls.ts';

const entries = Object.entries(calls) as [keyof typeof calls, CallDef][];
const withBody = entries.filter(([, call]) => call.body);
const withResponse = entries.filter(([, call]) => call.response);
const example = (name: keyof typeof calls) =>
  callExamples[name] as { body?: { good: unknown; bad: unknown }; response?: { good: unknown; bad: unknown } };

describe('spec §7 request bodies', () => {
  it.each(withBody)('%s accepts a realistic body', (name, call) => {
    expect(z.safeParse(call.body as z.core.$ZodType, example(name).body?.good).success).toBe(true);
  });

  it.each(withBody)('%s refuses a malformed body', (name, call) => {
    expect(z.safeParse(call.body as z.core.$ZodType, example(name).body?.bad).success).toBe(false);
  });
});

describe('spec §7 answers', () => {
  it.each(withResponse)('%s accepts a realistic answer', (name, call) => {
    expect(z.safeParse(call.response as z.core.$ZodType, example(name).response?.good).success).toBe(true);
  });

  it.each(withResponse)('%s refuses an answer that breaks the contract', (name, call) => {
    expect(z.safeParse(call.response as z.core.$ZodType, example(name).response?.bad).success).toBe(false);
  });
});

describe('spec §7 call table', () => {
  it('serves the unprefixed calls under /api/ and the v4 calls under /api/v4/', () => {
    expect(servedPath(calls.getMember)).toBe('/api/community_members/{id}');
    expect(servedPath(calls.listRfids)).toBe('/api/v4/community_member_rfids');
  });

  it('sends the Idempotency-Key on exactly the calls that move money (deals, top-ups and balance refunds, issue 37 point 4)', () => {
    const idempotent = entries.filter(([, call]) => call.idempotent).map(([name]) => name);
    expect(idempotent.sort()).toEqual([
      'createBalanceRefund',
      'createDeal',
      'createRedirectTopUp',
      'createReferenceTopUp',
      'createTopUp',
    ]);
  });

  it('answers 202 on exactly the calls that queue their work: a receipt or an invoice e-mailed (issue 35 point 4, issue 37 point 3)', () => {
    const accepted = entries.filter(([, call]) => call.accepted).map(([name]) => name);
    expect(accepted.sort()).toEqual(['emailDealReceipt', 'emailInvoice', 'emailTopUpReceipt']);
  });

  it('asks no token for the spec\'s "No token" calls', () => {
    expect(calls.findMachine.auth).toBe('none');
    expect(calls.listProducts.auth).toBe('none');
  });

  it("marks the paths the spec leaves open as Vendo's choice", () => {
    const chosen = entries.filter(([, call]) => call.vendoChoice).map(([name]) => name);
    expect(chosen.sort()).toEqual([
      'addVoucherCard',
      'confirmEmail',
      'createBalanceRefund',
      'createReferenceTopUp',
      'createRestockAlert',
      'createSpeiAccount',
      'deleteRestockAlert',
      'emailDealReceipt',
      'emailInvoice',
      'emailTopUpReceipt',
      'endSession',
      'getBalanceRefundPlan',
      'getDealReceipt',
      'getInvoiceFiles',
      'getRewards',
      'getSpeiAccount',
      'getStatement',
      'getTaxProfile',
      'getTopUpInvoice',
      'getTopUpReceipt',
      'listBalanceRefunds',
      'listDeals',
      'listPendingTopUps',
      'listServices',
      'reportDealProblem',
      'requestInvoice',
      'saveTaxProfile',
    ]);
  });

  it('accepts the card-less top-up variant of spec §7', () => {
    const body = { amount: 100, currency: 'MXN', with_redirect: true };
    expect(z.safeParse(calls.createTopUp.body, body).success).toBe(true);
  });
});
