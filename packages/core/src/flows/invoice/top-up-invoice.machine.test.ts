import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import { examples } from '../../contract/examples.ts';
import type { Invoice, InvoiceFiles } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { type InvoiceRead, type TopUpInvoiceInput, topUpInvoiceMachine } from './top-up-invoice.machine.ts';
import { topUpInvoiceView } from './top-up-invoice.view.ts';

const issued: Invoice = { ...examples.invoice, top_up_id: 31 };
const refused: Invoice = { ...examples.failedInvoice, top_up_id: 31 };
const open: InvoiceRead = { invoice: null, invoiceable_until: '2026-11-30T23:59:59.999-06:00' };
const files: InvoiceFiles = {
  file_name: 'VEN-000009_5FB2822E',
  xml: '<cfdi:Comprobante/>',
  pdf_base64: 'JVBERi0xLjc=',
};
const line = { method: 'POST', path: '/community_members/17/top_ups/31/invoice' };
const answered = (status: number, error_code?: string) =>
  httpError(line, status, error_code ? { error: { error_code } } : {}, null);

type Answer<T> = () => Promise<T>;

function start(
  read: Answer<InvoiceRead>,
  answers: { request?: Answer<Invoice>[]; files?: Answer<InvoiceFiles>; email?: Answer<void> } = {},
) {
  const calls: string[] = [];
  const actor = createActor(
    topUpInvoiceMachine.provide({
      actors: {
        loadInvoice: fromPromise<InvoiceRead, TopUpInvoiceInput>(async ({ input }) => {
          calls.push(`read ${input.topUpId}`);
          return read();
        }),
        requestInvoice: fromPromise<Invoice, TopUpInvoiceInput>(async ({ input }) => {
          calls.push(`request ${input.topUpId}`);
          return (answers.request?.shift() ?? (async () => issued))();
        }),
        loadFiles: fromPromise<InvoiceFiles, TopUpInvoiceInput & { invoiceId: number }>(async ({ input }) => {
          calls.push(`files ${input.invoiceId}`);
          return (answers.files ?? (async () => files))();
        }),
        emailInvoice: fromPromise<void, TopUpInvoiceInput & { invoiceId: number }>(async ({ input }) => {
          calls.push(`email ${input.invoiceId}`);
          return (answers.email ?? (async () => {}))();
        }),
      },
    }),
    { input: { memberId: 17, topUpId: 31 }, clock: new SimulatedClock() },
  ).start();
  const send = async (event: Parameters<typeof actor.send>[0]) => {
    actor.send(event);
    await settle();
  };
  return { actor, calls, send, view: () => topUpInvoiceView(actor.getSnapshot()) };
}

describe('issue 37 point 3: asking for the invoice of a top-up', () => {
  it('offers to ask for one while the month it was paid in is open', async () => {
    const receipt = start(async () => open);

    await settle();

    expect([receipt.calls, receipt.view().canRequest]).toEqual([['read 31'], true]);
  });

  it('says the month is over when the provider gives no date to ask until', async () => {
    const receipt = start(async () => ({ invoice: null, invoiceable_until: null }));

    await settle();

    expect([receipt.view().closed, receipt.view().canRequest]).toEqual([true, false]);
  });

  it('shows an invoice already issued, with its folio fiscal', async () => {
    const receipt = start(async () => ({ invoice: issued, invoiceable_until: null }));

    await settle();

    expect(receipt.view().issued?.uuid).toBe(issued.uuid);
  });

  it('asks for it and shows it issued', async () => {
    const receipt = start(async () => open);
    await settle();

    await receipt.send({ type: 'invoice.requested' });

    expect([receipt.calls, receipt.view().issued?.uuid]).toEqual([['read 31', 'request 31'], issued.uuid]);
  });

  it("shows the invoicing service's reason for a refusal, and asks again once the member corrected their data", async () => {
    const receipt = start(async () => open, { request: [async () => refused, async () => issued] });
    await settle();
    await receipt.send({ type: 'invoice.requested' });
    const why = receipt.view().failure;

    await receipt.send({ type: 'invoice.requested' });

    expect([why, receipt.view().issued?.uuid]).toEqual(['name_mismatch', issued.uuid]);
  });

  it('sends a member without a tax profile to write one, then lets them ask', async () => {
    const receipt = start(async () => open, {
      request: [() => Promise.reject(answered(422, 'tax_profile_missing')), async () => issued],
    });
    await settle();
    await receipt.send({ type: 'invoice.requested' });
    const needed = receipt.view().profileNeeded;

    await receipt.send({ type: 'invoice.requested' });

    expect([needed, receipt.view().issued?.uuid]).toEqual([true, issued.uuid]);
  });

  it('says a top-up the provider reads as given back in part is not invoiced (review point 1)', async () => {
    const receipt = start(async () => ({ invoice: null, invoiceable_until: null, refunded: true }));

    await settle();

    expect([receipt.view().refunded, receipt.view().closed, receipt.view().canRequest]).toEqual([true, false, false]);
  });

  it('says the top-up is not invoiced when the ask is refused 422 top_up_refunded (review point 1)', async () => {
    const receipt = start(async () => open, {
      request: [() => Promise.reject(answered(422, 'top_up_refunded'))],
    });
    await settle();

    await receipt.send({ type: 'invoice.requested' });

    expect([receipt.view().refunded, receipt.view().problem]).toEqual([true, null]);
  });

  it('says the month is over when the provider refuses the ask for it (the month ended meanwhile)', async () => {
    const receipt = start(async () => open, {
      request: [() => Promise.reject(answered(422, 'invoice_window_closed'))],
    });
    await settle();

    await receipt.send({ type: 'invoice.requested' });

    expect(receipt.view().closed).toBe(true);
  });

  it('says an ask got no answer and lets the member ask again', async () => {
    const receipt = start(async () => open, {
      request: [() => Promise.reject(transportError(line, 'network', 'down'))],
    });
    await settle();

    await receipt.send({ type: 'invoice.requested' });

    expect([receipt.view().problem, receipt.view().canRequest]).toEqual(['unreachable', true]);
  });
});

describe("issue 37 point 3: an issued invoice's files and e-mail", () => {
  const issuedRead = async (): Promise<InvoiceRead> => ({ invoice: issued, invoiceable_until: null });

  it('reads the files once and hands over each one the member asks for', async () => {
    const receipt = start(issuedRead);
    await settle();

    await receipt.send({ type: 'files.requested', format: 'xml' });
    await receipt.send({ type: 'files.requested', format: 'pdf' });

    expect([receipt.calls, receipt.view().files, receipt.view().wanted]).toEqual([
      ['read 31', `files ${issued.id}`],
      files,
      { format: 'pdf', count: 2 },
    ]);
  });

  it('says the files could not be read, the invoice still shown', async () => {
    const receipt = start(issuedRead, { files: () => Promise.reject(answered(500)) });
    await settle();

    await receipt.send({ type: 'files.requested', format: 'xml' });

    expect([receipt.view().problem, receipt.view().issued?.uuid]).toEqual(['failed', issued.uuid]);
  });

  it("e-mails it to the member's address and says so", async () => {
    const receipt = start(issuedRead);
    await settle();

    await receipt.send({ type: 'email.requested' });

    expect([receipt.calls.at(-1), receipt.view().emailed]).toEqual([`email ${issued.id}`, true]);
  });

  it.each([
    [422, 'email_not_confirmed', 'notConfirmed'],
    [429, 'invoice_mail_limited', 'tooOften'],
    [500, 'internal', 'failed'],
  ])('says why it was not e-mailed (%i %s)', async (status, code, problem) => {
    const receipt = start(issuedRead, { email: () => Promise.reject(answered(status, code)) });
    await settle();

    await receipt.send({ type: 'email.requested' });

    expect([receipt.view().mailProblem, receipt.view().emailed]).toEqual([problem, false]);
  });
});

describe('issue 37 point 3: a provider without invoices', () => {
  it('shows nothing of invoices when the read answers 404', async () => {
    const receipt = start(() => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, {}, null)));

    await settle();

    expect(receipt.view().hidden).toBe(true);
  });

  it('shows nothing of invoices when the ask answers 404', async () => {
    const receipt = start(async () => open, { request: [() => Promise.reject(answered(404))] });
    await settle();

    await receipt.send({ type: 'invoice.requested' });

    expect(receipt.view().hidden).toBe(true);
  });
});
