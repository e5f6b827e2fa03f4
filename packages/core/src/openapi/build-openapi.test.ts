import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './build-openapi.ts';

/** Spec §7, row by row: method and path as served (unprefixed calls under /api/). */
const specCalls = [
  'GET /api/community_members/{id}',
  'POST /api/community_members',
  'POST /api/community_members/confirm',
  'GET /api/community_members/{id}/credit_cards',
  'POST /api/community_members/{id}/credit_cards',
  'DELETE /api/community_members/{id}/credit_cards/{cardId}',
  'PATCH /api/community_members/{id}',
  'GET /api/community_members/{id}/balances',
  'POST /api/community_members/{id}/top_ups',
  'POST /api/community_members/{id}/top_ups/with_redirect',
  'PATCH /api/community_members/{id}/update_auto_top_up',
  'GET /api/community_members/{id}/deals',
  'GET /api/community_members/{id}/community_member_configurations',
  'POST /api/community_members/{id}/community_member_configurations',
  'POST /api/ratings',
  'GET /api/community_member_messages',
  'GET /api/community_members/{id}/product_servers',
  'GET /api/product_server/{name}',
  'GET /api/product_servers/{id}',
  'GET /api/product_servers/{id}/products',
  'GET /api/product_servers/{id}/payment_products',
  'GET /api/product_servers/{id}/products/{productId}',
  'POST /api/product_servers/{id}/deals',
  'GET /api/product_servers/{id}/deals/{dealId}',
  'GET /api/v4/community_member_rfids',
  'POST /api/v4/community_member_rfids',
  'DELETE /api/v4/community_member_rfids/{id}',
  'GET /api/v4/community_members/{id}/pending_card_links/{pendingId}',
  'POST /api/v4/community_members/{id}/pending_card_links',
  'DELETE /api/v4/community_members/{id}/pending_card_links',
];

/** Calls the spec names without a path: Vendo chose these. */
const vendoChoices = [
  'POST /api/community_members/{id}/voucher_cards',
  'POST /api/community_members/{id}/top_ups/reference',
  'GET /api/product_servers/{id}/services',
  'DELETE /api/community_members/{id}/session',
  'POST /api/community_members/{id}/deals/{dealId}/problem_reports',
  'POST /api/community_members/{id}/restock_alerts',
  'DELETE /api/community_members/{id}/restock_alerts/{alertId}',
  'POST /api/community_members/email_confirmations',
  'GET /api/community_members/{id}/receipts/deals/{dealId}',
  'GET /api/community_members/{id}/receipts/top_ups/{topUpId}',
  'GET /api/community_members/{id}/statement',
  'POST /api/community_members/{id}/receipts/deals/{dealId}/email',
  'POST /api/community_members/{id}/receipts/top_ups/{topUpId}/email',
  'GET /api/community_members/{id}/rewards',
  'GET /api/community_members/{id}/pending_top_ups',
  'GET /api/community_members/{id}/spei_account',
  'GET /api/community_members/{id}/balance_refunds/plan',
  'GET /api/community_members/{id}/balance_refunds',
  'POST /api/community_members/{id}/balance_refunds',
  'POST /api/community_members/{id}/spei_account',
  'GET /api/community_members/{id}/tax_profile',
  'PATCH /api/community_members/{id}/tax_profile',
  'GET /api/community_members/{id}/top_ups/{topUpId}/invoice',
  'POST /api/community_members/{id}/top_ups/{topUpId}/invoice',
  'GET /api/community_members/{id}/invoices/{invoiceId}/files',
  'POST /api/community_members/{id}/invoices/{invoiceId}/email',
];

/** Spec §7 calls Vendo adds to (an optional parameter): marked too. */
const vendoAdditions = ['GET /api/community_members/{id}/deals'];

type Operation = {
  operationId: string;
  security?: unknown[];
  'x-vendo-choice'?: string;
  parameters: { name: string; in: string }[];
};

function operations() {
  const document = buildOpenApi();
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({
      line: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
}

describe('OpenAPI document generated from the contract', () => {
  it('lists every call of spec §7 and those Vendo chose, nothing else', () => {
    expect(
      operations()
        .map(({ line }) => line)
        .sort(),
    ).toEqual([...specCalls, ...vendoChoices].sort());
  });

  it("marks exactly the calls whose path is Vendo's choice, and those Vendo adds to", () => {
    const marked = operations().filter(({ operation }) => operation['x-vendo-choice']);
    expect(marked.map(({ line }) => line).sort()).toEqual([...vendoChoices, ...vendoAdditions].sort());
  });

  it("marks exactly the fields Vendo added to the spec's calls (issue 32 points 1, 2: a code's challenge; 5: a top-up's machine; issue 35 points 1 to 4: a product's stock, the member's restock alerts, language, confirmed e-mail and receipts by e-mail, the checkout's top-up; issue 36: rewards and bonus credit; issue 37 point 2: a SPEI transfer's tracking key; point 3: an invoiced top-up)", () => {
    /** `where` of every schema property carrying x-vendo-choice, at any depth. */
    const markedFields = (value: unknown, where: string): string[] => {
      if (typeof value !== 'object' || value === null) return [];
      const properties = (value as { properties?: Record<string, { 'x-vendo-choice'?: string }> }).properties ?? {};
      const here = Object.entries(properties)
        .filter(([, field]) => field['x-vendo-choice'])
        .map(([name]) => `${where} ${name}`);
      return [...here, ...Object.values(value).flatMap((inner) => markedFields(inner, where))];
    };
    const marked = operations().flatMap(({ line, operation }) => [
      ...markedFields((operation as { requestBody?: unknown }).requestBody, `${line} body`),
      ...markedFields((operation as { responses?: unknown }).responses, `${line} answer`),
    ]);
    // The card and card-less variants of POST top_ups each carry the field: it is listed once.
    const stock = ['products', 'payment_products', 'products/{productId}', 'services'].flatMap((path) => [
      `GET /api/product_servers/{id}/${path} answer available`,
      `GET /api/product_servers/{id}/${path} answer stock`,
    ]);
    // Issue 35 point 2: every answer carrying the member lists their restock alerts; issue 37 point 1: and the
    // store payments credited in the last day.
    const alerts = ['GET /api/community_members/{id}', 'POST /api/community_members/confirm'].flatMap((line) => [
      `${line} answer restock_alerts`,
      `${line} answer credited_references`,
    ]);
    expect([...new Set(marked)].sort()).toEqual(
      [
        ...stock,
        ...alerts,
        'GET /api/community_members/{id} answer email_confirmed',
        'GET /api/community_members/{id} answer send_receipts',
        'PATCH /api/community_members/{id} body locale',
        'PATCH /api/community_members/{id} body send_receipts',
        'POST /api/community_members/confirm answer email_confirmed',
        'POST /api/community_members/confirm answer send_receipts',
        'POST /api/community_members answer challenge',
        'POST /api/community_members/confirm body challenge',
        'POST /api/community_members/{id}/top_ups body product_server_id',
        'POST /api/community_members/{id}/top_ups/reference body product_server_id',
        'POST /api/community_members/{id}/top_ups/with_redirect body product_server_id',
        'POST /api/community_members/{id}/top_ups/with_redirect answer top_up',
        // Issue 36: what a purchase earned and used, the bonus a top-up earned, bonus credit apart.
        'GET /api/community_members/{id}/balances answer bonus',
        // Issue 37 point 1: what store references will credit, beside the balance.
        'GET /api/community_members/{id}/balances answer pending',
        'GET /api/community_members/{id}/deals answer rewards',
        'GET /api/community_members/{id}/receipts/deals/{dealId} answer rewards',
        'GET /api/community_members/{id}/receipts/top_ups/{topUpId} answer rewards',
        'GET /api/community_members/{id}/statement answer bonus',
        'GET /api/community_members/{id}/statement answer rewards',
        'GET /api/product_servers/{id}/deals/{dealId} answer rewards',
        'POST /api/community_members/{id}/top_ups answer bonus',
        'POST /api/community_members/{id}/top_ups/with_redirect answer bonus',
        'POST /api/product_servers/{id}/deals answer rewards',
        'POST /api/product_servers/{id}/deals body reward_program_id',
        // Issue 37 point 2: a SPEI transfer's tracking key in the history.
        'GET /api/community_members/{id}/statement answer tracking_key',
        // Issue 37 point 3: which top-ups of the history are invoiced.
        'GET /api/community_members/{id}/statement answer invoiced',
        'GET /api/community_members/{id}/statement answer paid_at',
      ].sort(),
    );
  });

  it('asks the member token on member calls and none on the spec\'s "No token" calls', () => {
    const byLine = new Map(operations().map(({ line, operation }) => [line, operation]));
    expect(byLine.get('GET /api/community_members/{id}/balances')?.security).toEqual([{ memberToken: [] }]);
    expect(byLine.get('GET /api/product_server/{name}')?.security).toBeUndefined();
  });

  it('documents 202 alone for the calls that queue their work (issue 35 point 4: a receipt e-mailed)', () => {
    const byLine = new Map(operations().map(({ line, operation }) => [line, operation]));
    const responses = (line: string) =>
      Object.keys((byLine.get(line) as { responses?: object } | undefined)?.responses ?? {});
    expect(responses('POST /api/community_members/{id}/receipts/deals/{dealId}/email')).toEqual(['202', 'default']);
    expect(responses('POST /api/community_members/{id}/receipts/top_ups/{topUpId}/email')).toEqual(['202', 'default']);
  });

  it('documents the Idempotency-Key header on the money-moving calls', () => {
    const byLine = new Map(operations().map(({ line, operation }) => [line, operation]));
    const headers = byLine.get('POST /api/product_servers/{id}/deals')?.parameters.filter((p) => p.in === 'header');
    expect(headers?.map((p) => p.name)).toEqual(['Idempotency-Key']);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(buildOpenApi());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });
});
