import { rateLimits } from '../http/rate-limits.ts';
import { startTestServer, type TestServer } from './harness.ts';

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

/**
 * A member with a confirmed address, as the app gets there: a profile saved (in `locale`, with "send me every
 * receipt" as `sendReceipts` says), then the link of its confirmation e-mail opened. Sends one confirmation.
 */
export async function confirmedMember(
  t: TestServer,
  who: { phone: string; email: string; balance?: number; locale?: 'es' | 'en'; sendReceipts?: boolean },
) {
  const member = await t.member(who.phone, who.balance);
  const api = t.api(member.token);
  const saved = await api.members.update(
    member.id,
    profileWith(who.email, {
      locale: who.locale ?? 'es',
      ...(who.sendReceipts === undefined ? {} : { send_receipts: who.sendReceipts }),
    }),
  );
  if (!saved.ok) throw new Error(`profile not saved: ${saved.error.error_code}`);
  const confirmed = await api.members.confirmEmail({ token: linkToken((await mailTo(t, who.email))[0]) });
  if (!confirmed.ok) throw new Error(`address not confirmed: ${confirmed.error.error_code}`);
  return { ...member, email: who.email };
}

/** The receipts the dev outbox kept for an address, the latest first (confirmation e-mails left out). */
export const receiptsMailedTo = async (t: Pick<TestServer, 'url'>, address: string) =>
  (await mailTo(t, address)).filter((mail) => mail.kind === 'receipt');

/**
 * A test server whose confirmation e-mails are not limited (email-confirmation-limits.test.ts pins the limits):
 * a suite that sends several a minute.
 */
export const unlimitedMailServer = () =>
  startTestServer(undefined, undefined, undefined, {
    rateLimits: {
      emailConfirmationsPerMember: { ...rateLimits.emailConfirmationsPerMember, points: 1_000 },
      emailConfirmationsPerMemberPerDay: { ...rateLimits.emailConfirmationsPerMemberPerDay, points: 1_000 },
    },
  });
