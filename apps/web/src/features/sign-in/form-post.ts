import {
  type Api,
  COUNTRY_CODES,
  type CountryCode,
  type LoginInput,
  readPhone,
  resendInAfter,
  type SignInErrorCode,
  type SignInField,
  type SignInProblem,
  type StoragePort,
  signInErrorCode,
  signInProblems,
} from '@vendo/core';
import { signInErrorMessages, signInProblemMessages } from './sign-in-messages.ts';

/**
 * Issue 31: the server-drawn sign-in form works before any JavaScript has run. Sent by the browser itself,
 * it reaches the server (`POST /`), which sends the code through the provider's API and answers the next
 * page: the code screen, or the form again with what was wrong. What the form left for that page travels
 * in a cookie, read once by the sign-in flow wherever it starts (server render or browser).
 */
export const SIGN_IN_LEFT_KEY = 'vendo.sign-in';

/** Long enough to type a texted code; a page reached later starts a fresh sign-in. */
export const SIGN_IN_LEFT_SECONDS = 600;

/** What a sent form left for the next page. */
export interface SignInLeft {
  readonly country: string;
  readonly phone: string;
  readonly privacyAccepted: boolean;
  readonly problems?: LoginInput['problems'];
  readonly error?: SignInErrorCode;
  readonly retryAfter?: number | null;
  /** When the code was sent, in milliseconds since the epoch. */
  readonly sentAt?: number;
}

export interface SignInAnswer {
  readonly left: SignInLeft;
  /** The code screen once a code was sent, else the form again. */
  readonly next: 'phoneVerification' | 'signIn';
}

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');
/** A field longer than any real one is cut, so the cookie that carries it back stays small. */
const FIELD_LIMIT = 40;

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
  return { left: { ...fields, sentAt: now }, next: 'phoneVerification' };
}

/** The fields' problems the form can show, and nothing else. */
function knownProblems(problems: Record<string, unknown>): NonNullable<LoginInput['problems']> {
  const known: Partial<Record<SignInField, SignInProblem>> = {};
  for (const field of ['country', 'phone', 'privacy'] as const) {
    const problem = problems[field];
    if (typeof problem === 'string' && problem in signInProblemMessages) known[field] = problem as SignInProblem;
  }
  return known;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The flow's start from what a sent form left (checked, since a cookie is the browser's to change), else null. */
export function loginInputLeft(storage: StoragePort, now: number): LoginInput | null {
  const stored = storage.read(SIGN_IN_LEFT_KEY);
  if (!stored) return null;
  let left: unknown;
  try {
    left = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isRecord(left) || typeof left.phone !== 'string' || typeof left.country !== 'string') return null;
  if (!(COUNTRY_CODES as readonly string[]).includes(left.country)) return null;
  const sentAt = typeof left.sentAt === 'number' ? left.sentAt : undefined;
  return {
    country: left.country,
    phone: left.phone.slice(0, FIELD_LIMIT),
    privacyAccepted: left.privacyAccepted === true,
    ...(isRecord(left.problems) ? { problems: knownProblems(left.problems) } : {}),
    // Only the phone step's failures: a code is never checked before the app runs.
    ...(typeof left.error === 'string' && left.error in signInErrorMessages
      ? { error: left.error as keyof typeof signInErrorMessages }
      : {}),
    ...(typeof left.retryAfter === 'number' ? { retryAfter: left.retryAfter } : {}),
    ...(sentAt === undefined ? {} : { resendIn: resendInAfter(sentAt, now) }),
  };
}
