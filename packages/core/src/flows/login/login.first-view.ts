import { DEFAULT_COUNTRY, RESEND_SECONDS } from '../../rules/phone.ts';
import type { LoginView } from './login.view.ts';

/**
 * Spec §2 `/`: the first view of a flow started with no input, written out so that a front end's first load
 * carries it without the reading of an input (login.first-view.test.ts holds it to firstLoginViewOf({})).
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
