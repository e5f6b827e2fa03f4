import { describe, expect, it } from 'vitest';
import { hmac } from '../services/crypto.ts';
import { signatureOf, signedHeaders, verifySignature } from './webhook-signature.ts';

// Issue 37 point 1: a notification is believed only when signed with the shared secret.

const secret = 's'.repeat(32);
const store = { header: 'X-Store-Signature', key: async () => secret };
const body = '{"reference":"1234 5678 9012 3456","amount":100}';

describe('a signed notification (issue 37 point 1)', () => {
  it('signs the raw body: sha256= and the hex HMAC-SHA256 under the secret', async () => {
    const headers = await signedHeaders(store, body);

    expect(headers['X-Store-Signature']).toBe(`sha256=${hmac(secret, body)}`);
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('verifies its own signature, in either case of hex', async () => {
    const signature = signatureOf(secret, body);

    expect(await verifySignature(store, body, signature)).toBe(true);
    expect(await verifySignature(store, body, signature.toUpperCase().replace('SHA256=', 'sha256='))).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['without its scheme', hmac(secret, body)],
    ['under another secret', signatureOf('t'.repeat(32), body)],
    ['of another body', signatureOf(secret, `${body} `)],
    ['cut short', signatureOf(secret, body).slice(0, -2)],
    ['not hex', `sha256=${'z'.repeat(64)}`],
  ])('refuses a signature %s', async (_, header) => {
    expect(await verifySignature(store, body, header)).toBe(false);
  });
});
