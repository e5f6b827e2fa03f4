import { CardTokenRequest } from '@vendo/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { Problem, problem } from '../http/problem.ts';
import { readBody } from '../http/validate.ts';
import type { Deps } from './deps.ts';

export interface ProviderSettings {
  readonly merchantId: string;
  readonly publicKey: string;
}

/** True when the Basic credentials carry the provider's public key (`pk_…` as user, empty password). */
function carriesPublicKey(header: string | undefined, publicKey: string): boolean {
  const encoded = /^Basic (\S+)$/.exec(header ?? '')?.[1];
  if (!encoded) return false;
  const [user] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  return user === publicKey;
}

/** Emulation of the card provider's tokenisation endpoint (spec §7). The card data stops here. */
export function providerRoutes({ cardProvider, clock, limits }: Deps, settings: ProviderSettings) {
  const app = new Hono<AppEnv>();
  app.post('/v1/:merchant/tokens', async (c) => {
    if (c.req.param('merchant') !== settings.merchantId) throw problem(404, 'not_found');
    if (!carriesPublicKey(c.req.header('Authorization'), settings.publicKey)) {
      throw problem(401, 'provider_unauthorized');
    }
    await limits.take('cardTokensPerAddress', c.get('clientAddress'));
    const body = await readBody(c, CardTokenRequest).catch((refusal: unknown) => {
      // Text that is not text is named as such; any other wrong field is the provider's "invalid card".
      if (refusal instanceof Problem && String(refusal.fields.description).endsWith('not_text')) throw refusal;
      throw problem(422, 'card_invalid');
    });
    const card = await cardProvider.tokenise(body, clock.now());
    if (typeof card === 'string') throw problem(card === 'card_expired' ? 402 : 422, card);
    return c.json({ id: card.token, card: { brand: card.brand, card_number: `${'X'.repeat(12)}${card.last4}` } }, 201);
  });
  return app;
}
