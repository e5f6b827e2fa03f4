// The phone number a member signs in with, apart from the sign-in form's checks: the first screen's
// starting values come from here alone, so the checks stay out of `/`'s first load.

export const DEFAULT_COUNTRY = '+52';
/** Spec §3: country codes offered at sign-in, the default first. */
export const COUNTRY_CODES = ['+52', '+31', '+1', '+972', '+81'] as const;
/** Spec §2/§5: the country select's placeholder, never a valid choice. */
export const COUNTRY_PLACEHOLDER = '+++';
/** Spec §9: a new code may be asked for this long after the last one was sent. */
export const RESEND_SECONDS = 60;
