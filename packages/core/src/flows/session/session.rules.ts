/**
 * Issue 15 point 4: a purchase a visitor asked for is carried on by the sign-in it waits for, if that sign-in
 * ends within this long (a code to wait for may take a few minutes); an older one is dropped.
 */
export const PENDING_PURCHASE_MS = 10 * 60_000;
