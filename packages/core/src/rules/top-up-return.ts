import type { StoragePort } from '../ports.ts';

/** Written just before the member leaves for the provider's checkout page; read once on the way back. */
export const TOP_UP_RETURN_KEY = 'vendo.top-up-return' as const;

/** How long a checkout may take before the way back no longer counts as this browser's top-up. */
export const TOP_UP_RETURN_MAX_AGE_SECONDS = 60 * 60;

/**
 * Issue 15 point 9: the checkout page returns to `/machine-inventory/balanceRecharged`, an address anyone
 * can type. The "Balance recharged" modal shows only when this browser left for a checkout itself.
 */
export function markTopUpLeaving(storage: StoragePort): void {
  storage.write(TOP_UP_RETURN_KEY, '1', { maxAgeSeconds: TOP_UP_RETURN_MAX_AGE_SECONDS });
}

/** Whether this browser is back from a checkout it started. */
export const isBackFromTopUp = (storage: StoragePort): boolean => storage.read(TOP_UP_RETURN_KEY) !== null;

/** The marker is one-shot: a reload or a second visit of the same address shows nothing. */
export function forgetTopUpReturn(storage: StoragePort): void {
  storage.remove(TOP_UP_RETURN_KEY);
}
