import type { InvoiceFiles } from '@vendo/core/contract';
import { invoicePdf } from '../cfdi/invoice-pdf.ts';
import type { Db } from '../db/database.ts';
import { refuse } from '../domain/errors.ts';
import type { Lang } from '../domain/lang.ts';
import { invoiceFileName } from './invoice-view.ts';

/** One of the member's issued invoices with its XML; another member's is not_found, one not issued says so. */
export async function issuedInvoiceOf(db: Db, memberId: number, invoiceId: number) {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw refuse('not_found');
  if (row.status !== 'issued' || row.xml === null || row.uuid === null) throw refuse('invoice_not_issued');
  return { ...row, xml: row.xml, uuid: row.uuid };
}
export type IssuedInvoice = Awaited<ReturnType<typeof issuedInvoiceOf>>;

/** The language a member's documents are written in: the last they used, else the request's. */
export async function memberLang(db: Db, memberId: number, fallback: Lang): Promise<Lang> {
  const member = await db.selectFrom('members').select('locale').where('id', '=', memberId).executeTakeFirst();
  return member?.locale ?? fallback;
}

/** The XML as stamped and its printed representation (PDF) in `lang`: what the member downloads or is e-mailed. */
export async function filesOf(invoice: IssuedInvoice, lang: Lang) {
  return { fileName: invoiceFileName(invoice), xml: invoice.xml, pdf: await invoicePdf(invoice.xml, lang) };
}

/** Issue 37 point 3: an issued invoice's files as the contract answers them (JSON: the PDF in base64). */
export async function invoiceFiles(db: Db, memberId: number, invoiceId: number, lang: Lang): Promise<InvoiceFiles> {
  const invoice = await issuedInvoiceOf(db, memberId, invoiceId);
  const files = await filesOf(invoice, await memberLang(db, memberId, lang));
  return { file_name: files.fileName, xml: files.xml, pdf_base64: Buffer.from(files.pdf).toString('base64') };
}
