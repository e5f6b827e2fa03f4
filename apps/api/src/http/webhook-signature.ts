import { hmac, sameHex } from '../services/crypto.ts';

/**
 * A notification signed the way payment providers sign their webhooks: the header carries
 * `sha256=<hex HMAC-SHA256 of the raw body>` under a secret both sides keep. The raw body is what is signed,
 * never a re-serialised parse of it, since JSON written twice need not be the same bytes.
 */
export interface SignedNotification {
  /** The header the signature travels in, such as `X-Store-Signature`. */
  readonly header: string;
  /** The shared secret, read when needed (a setting, or in development one derived from the database's). */
  readonly key: () => Promise<string>;
}

const signed = /^sha256=([0-9a-f]{64})$/i;

/** The header's value for a raw body: what the sender writes. */
export const signatureOf = (secret: string, rawBody: string) => `sha256=${hmac(secret, rawBody)}`;

/** The headers a delivery of the raw body carries: its type and its signature. */
export async function signedHeaders(notification: SignedNotification, rawBody: string) {
  return {
    'Content-Type': 'application/json',
    [notification.header]: signatureOf(await notification.key(), rawBody),
  };
}

/**
 * True only when the header holds the raw body's signature under the key. The comparison takes the same time
 * however much of a forged signature is right, so a forger learns nothing from how long a refusal takes.
 */
export async function verifySignature(
  notification: SignedNotification,
  rawBody: string,
  header: string | undefined,
): Promise<boolean> {
  return signatureMatches(await notification.key(), rawBody, header);
}

/** The same check with the secret at hand. */
export function signatureMatches(secret: string, rawBody: string, header: string | undefined): boolean {
  const given = signed.exec(header?.trim() ?? '')?.[1];
  return given !== undefined && sameHex(given.toLowerCase(), hmac(secret, rawBody));
}
