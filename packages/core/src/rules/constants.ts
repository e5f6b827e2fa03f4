/** Spec §9 business constants the client needs. */
export const PHONE_LENGTH = 10;
export const CODE_LENGTH = 4;
export const RESEND_SECONDS = 60;
export const DEFAULT_COUNTRY = '+52';
/** Spec §3: country codes offered at sign-in, the default first. */
export const COUNTRY_CODES = ['+52', '+31', '+1', '+972', '+81'] as const;
/** Spec §2/§5: the country select's placeholder, never a valid choice. */
export const COUNTRY_PLACEHOLDER = '+++';
/** Spec §7/§9: session data and dismissal flags live one year. */
export const STORAGE_LIFETIME_SECONDS = 31_536_000;
/** Spec §9: polling interval and the default connection timeout. */
export const POLL_INTERVAL_MS = 1_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 60_000;
/** Machine-ready wait when a machine names no user-type timeout; the spec gives none, so Vendo's choice. */
export const DEFAULT_USER_TYPE_TIMEOUT_SECONDS = 30;
/** Spec §9: the machine-ready timeout is the user-type timeout plus this. */
export const READY_GRACE_MS = 10_000;
/** Spec §9: the QR scan delay, and the product-name display limit (also spec §5). */
export const QR_SCAN_DELAY_MS = 100;
export const PRODUCT_NAME_LIMIT = 30;
