import type { CardTokeniserPort, TokeniserFailure } from '@vendo/core';
import { tokenRequest } from './card-tokeniser.ts';

/** The part of Openpay.js this adapter uses (openpay.v1 and openpay-data.v1). */
export interface OpenPayGlobal {
  setId(id: string): void;
  setApiKey(key: string): void;
  setSandboxMode(sandbox: boolean): void;
  deviceData: { setup(formId?: string, fieldName?: string): string };
  token: {
    create(
      card: ReturnType<typeof tokenRequest>,
      success: (answer: { data: { id: string; card: { brand: string } } }) => void,
      failure: (answer: { data?: { description?: string; error_code?: number }; status?: number }) => void,
    ): void;
  };
}

declare global {
  interface Window {
    /** Set by Openpay.js once its scripts have loaded. */
    OpenPay?: OpenPayGlobal;
  }
}

export const openpayScripts = [
  'https://js.openpay.mx/openpay.v1.min.js',
  'https://js.openpay.mx/openpay-data.v1.min.js',
];

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) {
      resolve();
      return;
    }
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

const brands = { visa: 'visa', mastercard: 'mastercard', american_express: 'american_express' } as const;

/**
 * The production tokeniser: Openpay.js, loaded only when an add-card page
 * first tokenises (the scripts are never part of the app). Merchant id, `pk_`
 * public key and sandbox flag come from the build's configuration.
 */
export function openpayTokeniser(options: {
  merchantId: string;
  publicKey: string;
  sandbox: boolean;
  load?: (src: string) => Promise<void>;
  global?: () => OpenPayGlobal | undefined;
}): CardTokeniserPort {
  const load = options.load ?? loadScript;
  const global = options.global ?? (() => window.OpenPay);
  let ready: Promise<OpenPayGlobal> | null = null;
  const openPay = () => {
    ready ??= (async () => {
      for (const src of openpayScripts) await load(src);
      const found = global();
      if (!found) throw new Error('Openpay.js did not load');
      found.setId(options.merchantId);
      found.setApiKey(options.publicKey);
      found.setSandboxMode(options.sandbox);
      return found;
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    async tokenise(card, signal) {
      let provider: OpenPayGlobal;
      try {
        provider = await openPay();
      } catch {
        throw { kind: 'unreachable', message: null } satisfies TokeniserFailure;
      }
      const deviceSessionId = provider.deviceData.setup();
      return new Promise((resolve, reject) => {
        signal.addEventListener('abort', () =>
          reject({ kind: 'unreachable', message: null } satisfies TokeniserFailure),
        );
        provider.token.create(
          tokenRequest(card),
          ({ data }) => {
            const brand = brands[data.card.brand as keyof typeof brands];
            if (!brand) reject({ kind: 'refused', message: null } satisfies TokeniserFailure);
            else resolve({ token: data.id, brand, deviceSessionId });
          },
          (failure) =>
            reject(
              (failure.status === 0
                ? { kind: 'unreachable', message: null }
                : { kind: 'refused', message: failure.data?.description ?? null }) satisfies TokeniserFailure,
            ),
        );
      });
    },
  };
}
