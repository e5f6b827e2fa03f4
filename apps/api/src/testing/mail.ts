import type { TestServer } from './harness.ts';

/** An e-mail as `/__dev/mail` answers it. */
export interface OutboxMail {
  readonly kind: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly sent_at: string;
}

/** The e-mails the dev outbox kept for an address, the latest first. */
export async function mailTo(t: Pick<TestServer, 'url'>, address: string): Promise<OutboxMail[]> {
  const answer = await fetch(`${t.url}/__dev/mail?to=${encodeURIComponent(address)}`);
  return ((await answer.json()) as { messages: OutboxMail[] }).messages;
}

/** The token of the confirmation link an e-mail's text carries. */
export function linkToken(mail: Pick<OutboxMail, 'text'> | undefined): string {
  const token = /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('the e-mail carries no confirmation link');
  return token;
}

/** A complete profile for the PATCH, with this address and whatever else the test adds. */
export const profileWith = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ana López',
  gender: 'Mujer' as const,
  email,
  birth_date: '1990-04-12',
  ...extra,
});
