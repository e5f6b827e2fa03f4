import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';

/** Where the link's token waits in this tab's history entry once the address no longer shows it. */
const kept = 'vendo.linkToken';

const stateOf = (): Record<string, unknown> => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
};

/**
 * The native app's token for `/add-payment-method-mobile/…?token=…` (spec §2), read once. Then it leaves
 * the address (issue 32 point 15: the address bar shows it, a copied address or a screenshot carries it)
 * and waits in this tab's history entry, which no request carries, so a reload still opens the account.
 */
export function useLinkToken(): string | null {
  const search = useSearch();
  const [token] = useState(() => {
    const inAddress = new URLSearchParams(search).get('token');
    const inHistory = stateOf()[kept];
    return inAddress ?? (typeof inHistory === 'string' ? inHistory : null);
  });
  useEffect(() => {
    const address = new URL(window.location.href);
    if (!address.searchParams.has('token')) return;
    address.searchParams.delete('token');
    const rest = `${address.pathname}${address.search}${address.hash}`;
    window.history.replaceState({ ...stateOf(), [kept]: token }, '', rest);
  }, [token]);
  return token;
}
