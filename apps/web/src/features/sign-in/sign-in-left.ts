import {
  COUNTRY_CODES,
  firstLoginViewOf,
  type LoginInput,
  type LoginView,
  resendInAfter,
  type SignInErrorCode,
  type SignInField,
  type SignInProblem,
  type StoragePort,
  storageKeys,
} from '@vendo/core';
import { signInErrorMessages, signInProblemMessages } from './sign-in-messages.ts';

/**
 * Issue 31: the server-drawn sign-in form works before any JavaScript has run. Sent by the browser itself,
 * it reaches the server (`POST /`, sent-forms.ts), which sends the code through the provider's API and
 * answers the next page: the code screen, or the form again with what was wrong. What the form left for
 * that page travels in a cookie, read once by the sign-in flow wherever it starts (server render or browser).
 */
export const SIGN_IN_LEFT_KEY = storageKeys.signInLeft;

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
  /** The challenge the send answered, for the code screen to send back with the code (issue 32 points 1, 2). */
  readonly challenge?: string;
}

/** A field longer than any real one is cut, so the cookie that carries it back stays small. */
export const FIELD_LIMIT = 40;

/** The longest challenge the contract takes (CodeChallenge): a longer one was not the provider's. */
const CHALLENGE_LIMIT = 64;

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
    ...(typeof left.challenge === 'string' && left.challenge.length <= CHALLENGE_LIMIT
      ? { challenge: left.challenge }
      : {}),
  };
}

/**
 * What a sent form left, read once before the first render (main.tsx loads this module only when the
 * cookie is there, so the first load never carries it): the flow's input and its screens' first view. Read
 * once: a later page starts afresh (the server's storage keeps the cookie; the browser's removes it).
 */
export function signInLeftOf(storage: StoragePort, now: number): { input: LoginInput; first: LoginView } | null {
  const input = loginInputLeft(storage, now);
  storage.remove(SIGN_IN_LEFT_KEY);
  return input ? { input, first: firstLoginViewOf(input) } : null;
}
