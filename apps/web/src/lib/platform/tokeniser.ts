import type { CardTokeniserPort } from '@vendo/core';
import { referenceTokeniser } from './card-tokeniser.ts';

/**
 * The card provider of this build (only add-card pages load this module):
 * `VITE_CARD_PROVIDER=openpay` uses Openpay.js with the merchant id, `pk_`
 * public key and sandbox flag below; otherwise the reference API's emulation.
 */
const env = import.meta.env;
const settings = {
  merchantId: env.VITE_CARD_MERCHANT_ID || 'mvendosandbox',
  publicKey: env.VITE_CARD_PUBLIC_KEY || 'pk_vendo_sandbox',
  sandbox: env.VITE_CARD_SANDBOX !== 'false',
};

export async function cardTokeniser(): Promise<CardTokeniserPort> {
  if (env.VITE_CARD_PROVIDER === 'openpay') {
    const { openpayTokeniser } = await import('./openpay-tokeniser.ts');
    return openpayTokeniser(settings);
  }
  return referenceTokeniser({ ...settings, baseUrl: env.VITE_CARD_TOKENS_URL || '/provider' });
}
