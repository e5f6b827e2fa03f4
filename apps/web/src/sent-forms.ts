// The forms of a server-drawn page that the browser sends itself, before the app has taken the page over
// (issue 31): the sign-in form and the language switch of `/`. Each answer is a redirect (post, then get),
// so a reload never sends a form twice, and what the next page needs travels in a cookie the browser's
// storage reads as its own. Nothing here may touch window or document: it runs in Node.
import {
  type Api,
  type CountryCode,
  readPhone,
  STORAGE_LIFETIME_SECONDS,
  signInErrorCode,
  signInProblems,
  storageKeys,
} from '@vendo/core';
import {
  FIELD_LIMIT,
  SIGN_IN_LEFT_KEY,
  SIGN_IN_LEFT_SECONDS,
  type SignInLeft,
} from './features/sign-in/sign-in-left.ts';
import { appLocales } from './lib/i18n/i18n.ts';
import { href } from './lib/paths.ts';
import { storageCookie } from './lib/platform/server-platform.ts';

/** What the answer needs of a request, as the web platform's Request has it. */
export type SentFormRequest = Pick<Request, 'url' | 'headers' | 'formData'>;

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

export interface SignInAnswer {
  readonly left: SignInLeft;
  /** The code screen once a code was sent, else the form again. */
  readonly next: 'phoneVerification' | 'signIn';
}

/** Spec §5's checks, then spec §7's request-code call: what the page after a sent form shows. */
export async function answerSignInForm(
  form: FormData,
  api: Api,
  now: number,
  signal: AbortSignal,
): Promise<SignInAnswer> {
  const typedCountry = text(form.get('country')).slice(0, FIELD_LIMIT);
  const reading = readPhone(text(form.get('phone')).slice(0, FIELD_LIMIT), typedCountry);
  const country = reading.country ?? typedCountry;
  const fields = { country, phone: reading.phone, privacyAccepted: form.get('privacy') !== null };
  const problems = { ...signInProblems(fields), ...(reading.problem ? { phone: reading.problem } : {}) };
  if (Object.keys(problems).length > 0) return { left: { ...fields, problems }, next: 'signIn' };
  const sent = await api.members.requestCode(
    { phone: fields.phone, countries: fields.country as CountryCode },
    { signal },
  );
  if (!sent.ok) {
    return {
      left: { ...fields, error: signInErrorCode(sent.error), retryAfter: sent.error.retry_after },
      next: 'signIn',
    };
  }
  // The code screen sends the code back with its send's challenge, wherever its flow starts (issue 32 point 1).
  const challenge = sent.value?.challenge;
  return { left: { ...fields, sentAt: now, ...(challenge ? { challenge } : {}) }, next: 'phoneVerification' };
}

const seeOther = (location: string, cookies: readonly string[] = []) => {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
};

/**
 * Answers a form `/` sent: the language switch keeps the member's language; the sign-in form asks the
 * provider for a code (`api`) and goes on to the code screen, or back to the form with what was wrong.
 * Null for anything else: not one of these forms.
 */
export async function answerSentForm(
  request: SentFormRequest,
  api: Api,
  signal: AbortSignal,
): Promise<Response | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return null;
  // No page of another site sends a member's browser here: its requests say so (Fetch Metadata).
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    return new Response('Forbidden', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const form = await request.formData();
  const locale = form.get('locale');
  if (locale !== null) {
    if (typeof locale !== 'string' || !(appLocales as readonly string[]).includes(locale)) return null;
    return seeOther(href('signIn'), [storageCookie(storageKeys.locale, locale, request.url, STORAGE_LIFETIME_SECONDS)]);
  }
  const answer = await answerSignInForm(form, api, Date.now(), signal);
  return seeOther(href(answer.next), [
    storageCookie(SIGN_IN_LEFT_KEY, JSON.stringify(answer.left), request.url, SIGN_IN_LEFT_SECONDS),
  ]);
}
