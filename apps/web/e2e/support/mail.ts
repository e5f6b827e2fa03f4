import type { APIRequestContext } from '@playwright/test';
import { devControl } from './members.ts';

interface SentMail {
  readonly kind: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** What the e-mail carried attached (issue 37 point 3: an invoice's XML and PDF), kept whole in base64. */
  readonly attachments?: readonly { readonly filename: string; readonly content_base64: string }[];
}

/** The e-mails the reference API sent to an address, newest first (its dev outbox). */
export async function mailTo(request: APIRequestContext, address: string): Promise<SentMail[]> {
  const answer = await request.get(devControl(`/mail?to=${encodeURIComponent(address)}`));
  return ((await answer.json()) as { messages: SentMail[] }).messages;
}

/** The path and query of the first link to this app's `path` in an e-mail's text part. */
export function linkIn(mail: SentMail, path: string): string {
  const found = new RegExp(`https?://[^\\s"<>]+(${path}[^\\s"<>]*)`).exec(mail.text);
  if (!found?.[1]) throw new Error(`no ${path} link in "${mail.subject}"`);
  return found[1];
}
