/** Spec §7/§9: session data and dismissal flags live one year. */
export const STORAGE_LIFETIME_SECONDS = 31_536_000;
