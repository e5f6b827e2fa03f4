import type { OpenPage, StoragePort } from '../ports.ts';
import { STORAGE_LIFETIME_SECONDS } from './storage.ts';

/** Where the authorization's `state` is kept for its round trip. */
export const VOUCHER_STATE_KEY = 'vendo.voucher-state';

/** Spec §2 /edenred/callback: where the voucher provider sends the member back. */
export const VOUCHER_CALLBACK_PATH = '/edenred/callback';
/** The authorization's `state` is kept this long: a round trip takes minutes, not days. */
export const VOUCHER_STATE_SECONDS = 900;

/** A random `state` for one authorization round trip (128 bits, hex). */
export function newVoucherState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Spec §2 /edenred/callback, the way out: a new `state` is kept for the round trip (at most
 * VOUCHER_STATE_SECONDS, and never longer than anything the app stores), then the provider's authorization
 * page opens; its answer comes back to VOUCHER_CALLBACK_PATH with that state.
 */
export function leaveForVoucherAuthorization(
  ports: { storage: StoragePort; openPage: OpenPage },
  authorizeUrl: string,
) {
  const state = newVoucherState();
  ports.storage.write(VOUCHER_STATE_KEY, state, {
    maxAgeSeconds: Math.min(VOUCHER_STATE_SECONDS, STORAGE_LIFETIME_SECONDS),
  });
  ports.openPage(voucherAuthorizeUrl(authorizeUrl, state));
}

/** The provider's authorization address for this round trip. */
export function voucherAuthorizeUrl(authorizeUrl: string, state: string): string {
  const separator = authorizeUrl.includes('?') ? '&' : '?';
  const query = new URLSearchParams({ redirect_uri: VOUCHER_CALLBACK_PATH, state });
  return `${authorizeUrl}${separator}${query}`;
}

export type VoucherCallbackProblem = 'voucher_no_code' | 'voucher_state_mismatch';

/**
 * The callback's query: a `code`, and the `state` this browser started with.
 * A missing code or another state (a forged or stale link) is refused.
 */
export function readVoucherCallback(
  search: string,
  keptState: string | null,
): { ok: true; code: string } | { ok: false; problem: VoucherCallbackProblem } {
  const query = new URLSearchParams(search);
  const code = query.get('code')?.trim();
  if (!code) return { ok: false, problem: 'voucher_no_code' };
  if (!keptState || query.get('state') !== keptState) return { ok: false, problem: 'voucher_state_mismatch' };
  return { ok: true, code };
}
