import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { Invoice, InvoiceFiles, TaxProfile } from '../../contract/index.ts';
import type { TaxProfileInput } from './tax-profile.machine.ts';
import type { InvoiceRead, TopUpInvoiceInput } from './top-up-invoice.machine.ts';

type WithInvoice = TopUpInvoiceInput & { invoiceId: number };

/** The tax profile's read and save on the real API. */
export function taxProfileActors({ api }: { api: Api }) {
  return {
    loadProfile: fromPromise<TaxProfile | null, TaxProfileInput>(async ({ input, signal }) => {
      const answer = await api.invoices.taxProfile(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.tax_profile;
    }),
    saveProfile: fromPromise<TaxProfile, TaxProfileInput & { profile: TaxProfile }>(async ({ input, signal }) => {
      const answer = await api.invoices.saveTaxProfile(input.memberId, input.profile, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.tax_profile;
    }),
  };
}

/** A top-up's invoice: read, asked for, its files and its e-mail, on the real API. */
export function topUpInvoiceActors({ api }: { api: Api }) {
  return {
    loadInvoice: fromPromise<InvoiceRead, TopUpInvoiceInput>(async ({ input, signal }) => {
      const answer = await api.invoices.ofTopUp(input.memberId, input.topUpId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value;
    }),
    requestInvoice: fromPromise<Invoice, TopUpInvoiceInput>(async ({ input, signal }) => {
      const answer = await api.invoices.request(input.memberId, input.topUpId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.invoice;
    }),
    loadFiles: fromPromise<InvoiceFiles, WithInvoice>(async ({ input, signal }) => {
      const answer = await api.invoices.files(input.memberId, input.invoiceId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value;
    }),
    emailInvoice: fromPromise<void, WithInvoice>(async ({ input, signal }) => {
      const answer = await api.invoices.email(input.memberId, input.invoiceId, { signal });
      if (!answer.ok) throw answer.error;
    }),
  };
}
