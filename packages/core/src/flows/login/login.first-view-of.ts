import { minutesToWait } from '../../rules/sign-in-errors.ts';
import { initialLoginContext } from './login.context.ts';
import type { LoginInput } from './login.types.ts';
import type { LoginView } from './login.view.ts';

/**
 * The login flow's first view, known without the flow itself: a front end draws its screens with it while
 * the flow's code is still on its way. With no input, spec §2 `/`: an empty phone form; from a page's
 * state (LoginInput), that form as it was refused, or the code screen of a code already sent.
 */
export function firstLoginViewOf(input: LoginInput): LoginView {
  const context = initialLoginContext(input);
  const onCode = context.codeSentBefore;
  return {
    screen: onCode ? 'code' : 'phone',
    step: onCode ? 1 : 0,
    country: context.country,
    phone: context.phone,
    privacyAccepted: context.privacyAccepted,
    problems: context.problems,
    code: context.code,
    resendIn: context.resendIn,
    canResend: onCode && context.resendIn <= 0,
    busy: false,
    error: context.error,
    retryAfter: context.retryAfter,
    waitMinutes: minutesToWait(context.error, context.retryAfter),
  };
}
