import { type Api, createApi, type Locale } from '@vendo/core';

/**
 * Where the calls of spec §7 go for a server address: the reference API serves them under `api/`
 * (and the /api/v4/ ones at the origin's root, which core resolves itself).
 */
export function callsBase(address: string): string {
  return new URL('api/', address.endsWith('/') ? address : `${address}/`).href;
}

/** Core's client for a server, in the terminal's language, with the token `getToken` reads at each call. */
export function apiClient(address: string, locale: Locale, getToken: () => string | null): Api {
  return createApi({ baseUrl: callsBase(address), getToken, getLocale: () => locale });
}
