import type { BuyRequest } from '@vendo/core';

/** A sign-in from the buy modal may take a few minutes (a code to wait for); older requests are dropped. */
const PENDING_PURCHASE_MS = 10 * 60_000;

/**
 * Issue 15 point 4: the purchase a visitor asked for, kept while they sign in. A finished sign-in starts the
 * screens again (the login flow restarts under them), so the request lives here, outside any screen,
 * until the buy of the same machine takes it.
 */
let pending: { machineId: number; path: string; request: BuyRequest; at: number } | null = null;

export function keepPendingPurchase(machineId: number, path: string, request: BuyRequest): void {
  pending = { machineId, path, request, at: Date.now() };
}

/**
 * The request kept for this machine, once, on the page it was asked on (another product's page never buys
 * it): whoever takes it makes it, or drops it.
 */
export function takePendingPurchase(machineId: number, path: string): BuyRequest | null {
  const kept = pending;
  pending = null;
  if (!kept || kept.machineId !== machineId || kept.path !== path) return null;
  if (Date.now() - kept.at > PENDING_PURCHASE_MS) return null;
  return kept.request;
}
