import { DEFAULT_COUNTRY, RESEND_SECONDS } from '../../rules/phone.ts';
import { readPhone } from '../../rules/sign-in.ts';
import type { LoginContext, LoginInput } from './login.types.ts';

/** The flow's context when it starts from `input`: shared by the flow and its first view, which has no xstate. */
export function initialLoginContext(input: LoginInput): LoginContext {
  const country = input.country ?? DEFAULT_COUNTRY;
  const reading = readPhone(input.phone ?? '', country);
  const codeSentBefore = input.resendIn !== undefined;
  return {
    country: reading.country ?? country,
    phone: reading.phone,
    privacyAccepted: input.privacyAccepted ?? false,
    problems: input.problems ?? {},
    code: '',
    resendIn: codeSentBefore ? Math.min(RESEND_SECONDS, Math.max(0, input.resendIn ?? 0)) : RESEND_SECONDS,
    error: input.error ?? null,
    retryAfter: input.retryAfter ?? null,
    member: null,
    next: 'home',
    codeSentBefore,
    challenge: input.challenge ?? null,
    session: input.session,
  };
}
