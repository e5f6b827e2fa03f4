import { DEFAULT_COUNTRY, RESEND_SECONDS } from '../../rules/constants.ts';
import type { LoginView } from './login.view.ts';

/**
 * The login flow's first screen (started with no input: spec §2 `/`, an empty phone form), known without
 * the flow itself: a front end draws the form with it while the flow's code is still on its way.
 */
export const firstLoginView: LoginView = {
  screen: 'phone',
  step: 0,
  country: DEFAULT_COUNTRY,
  phone: '',
  privacyAccepted: false,
  problems: {},
  code: '',
  resendIn: RESEND_SECONDS,
  canResend: false,
  busy: false,
  error: null,
  retryAfter: null,
  waitMinutes: null,
};
