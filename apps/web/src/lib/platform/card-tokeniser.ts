import type { CardDetails, CardToken, CardTokeniserPort, TokeniserFailure } from '@vendo/core';

const refused = (message: string | null): TokeniserFailure => ({ kind: 'refused', message });
const unreachable: TokeniserFailure = { kind: 'unreachable', message: null };

/** A device session id where the provider's fingerprint script is not used (the reference emulation). */
function deviceSession(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Spec §7 tokenisation request: the provider's field names, the expiry year as 2 digits. */
export const tokenRequest = (card: CardDetails) => ({
  card_number: card.number,
  holder_name: card.holderName,
  expiration_year: card.expirationYear,
  expiration_month: card.expirationMonth,
  cvv2: card.cvv,
});

type ProviderAnswer = {
  id?: string;
  card?: { brand?: string };
  error?: { message?: string; description?: string };
  description?: string;
};

/**
 * The default tokeniser: the provider's tokens endpoint as the reference API
 * emulates it (POST {base}/v1/{merchant}/tokens, Basic auth with the `pk_`
 * public key). The card goes to the provider only, never to Vendo's API.
 */
export function referenceTokeniser(options: {
  baseUrl: string;
  merchantId: string;
  publicKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): CardTokeniserPort {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    async tokenise(card, signal) {
      let response: Response;
      try {
        response = await send(`${options.baseUrl}/v1/${options.merchantId}/tokens`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa(`${options.publicKey}:`)}` },
          body: JSON.stringify(tokenRequest(card)),
          signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs ?? 15_000)]),
        });
      } catch {
        throw unreachable;
      }
      const answer = (await response.json().catch(() => ({}))) as ProviderAnswer;
      if (!response.ok) throw refused(answer.error?.message ?? answer.error?.description ?? answer.description ?? null);
      const brand = answer.card?.brand;
      if (!answer.id || (brand !== 'visa' && brand !== 'mastercard' && brand !== 'american_express')) {
        throw refused(null);
      }
      return { token: answer.id, brand, deviceSessionId: deviceSession() } satisfies CardToken;
    },
  };
}
