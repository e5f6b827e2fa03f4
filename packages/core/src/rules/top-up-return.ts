import type { StoragePort } from '../ports.ts';

/** Written just before the member leaves for the provider's checkout page; read once on the way back. */
export const TOP_UP_RETURN_KEY = 'vendo.top-up-return' as const;

/** How long a checkout may take before the way back no longer counts as this browser's top-up. */
export const TOP_UP_RETURN_MAX_AGE_SECONDS = 60 * 60;

/**
 * Issue 15 point 9: the checkout page returns to `/machine-inventory/balanceRecharged`, an address anyone
 * can type. The "Balance recharged" modal shows only when this browser left for a checkout itself.
 */
export function markTopUpLeaving(storage: StoragePort, topUpId: number | null = null): void {
  // The top-up's id where the provider named it (its receipt, issue 35 point 3); 0 where it did not.
  storage.write(TOP_UP_RETURN_KEY, String(topUpId ?? 0), { maxAgeSeconds: TOP_UP_RETURN_MAX_AGE_SECONDS });
}

/** Whether this browser is back from a checkout it started. */
export const isBackFromTopUp = (storage: StoragePort): boolean => storage.read(TOP_UP_RETURN_KEY) !== null;

/** The top-up this browser left to pay, where the provider named it: its receipt is linked on the way back. */
export function topUpReturnId(storage: StoragePort): number | null {
  const id = Number(storage.read(TOP_UP_RETURN_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The marker is one-shot: a reload or a second visit of the same address shows nothing. */
export function forgetTopUpReturn(storage: StoragePort): void {
  storage.remove(TOP_UP_RETURN_KEY);
}
