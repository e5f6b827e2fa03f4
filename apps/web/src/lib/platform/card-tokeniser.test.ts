import type { CardDetails } from '@vendo/core';
import { describe, expect, it, vi } from 'vitest';
import { referenceTokeniser } from './card-tokeniser.ts';
import { type OpenPayGlobal, openpayScripts, openpayTokeniser } from './openpay-tokeniser.ts';

const card: CardDetails = {
  number: '4242424242424242',
  holderName: 'Ana López',
  expirationMonth: '12',
  expirationYear: '28',
  cvv: '123',
};
const signal = () => new AbortController().signal;

describe('reference tokeniser (spec §7 tokenisation)', () => {
  it("posts the provider's fields with the pk_ key as Basic auth, and returns the token and brand", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ id: 'tok_9', card: { brand: 'visa' } }, { status: 201 }),
    );
    const tokeniser = referenceTokeniser({ baseUrl: '/provider', merchantId: 'm1', publicKey: 'pk_test', fetch });
    const token = await tokeniser.tokenise(card, signal());
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/provider/v1/m1/tokens');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Basic ${btoa('pk_test:')}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      card_number: '4242424242424242',
      holder_name: 'Ana López',
      expiration_year: '28',
      expiration_month: '12',
      cvv2: '123',
    });
    expect(token).toMatchObject({ token: 'tok_9', brand: 'visa' });
    expect(token.deviceSessionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("refuses with the provider's message", async () => {
    const fetch = vi.fn(async () => Response.json({ error: { message: 'The card has expired' } }, { status: 402 }));
    const tokeniser = referenceTokeniser({ baseUrl: '', merchantId: 'm', publicKey: 'pk', fetch });
    await expect(tokeniser.tokenise(card, signal())).rejects.toEqual({
      kind: 'refused',
      message: 'The card has expired',
    });
  });

  it('a provider that does not answer is unreachable', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const tokeniser = referenceTokeniser({ baseUrl: '', merchantId: 'm', publicKey: 'pk', fetch });
    await expect(tokeniser.tokenise(card, signal())).rejects.toEqual({ kind: 'unreachable', message: null });
  });
});

function fakeOpenPay(outcome: 'ok' | 'refused'): OpenPayGlobal {
  return {
    setId: vi.fn(),
    setApiKey: vi.fn(),
    setSandboxMode: vi.fn(),
    deviceData: { setup: () => 'device-7' },
    token: {
      create: (_card, success, failure) =>
        outcome === 'ok'
          ? success({ data: { id: 'tok_op', card: { brand: 'mastercard' } } })
          : failure({ status: 402, data: { description: 'The card was declined' } }),
    },
  };
}

describe('Openpay.js tokeniser (production adapter)', () => {
  it('loads the two provider scripts once, configures merchant, key and sandbox, and tokenises', async () => {
    const load = vi.fn(async (_src: string) => {});
    const provider = fakeOpenPay('ok');
    const tokeniser = openpayTokeniser({
      merchantId: 'm1',
      publicKey: 'pk_live',
      sandbox: true,
      load,
      global: () => provider,
    });
    await tokeniser.tokenise(card, signal());
    const token = await tokeniser.tokenise(card, signal());
    expect(load.mock.calls.map(([src]) => src)).toEqual(openpayScripts);
    expect(provider.setId).toHaveBeenCalledWith('m1');
    expect(provider.setApiKey).toHaveBeenCalledWith('pk_live');
    expect(provider.setSandboxMode).toHaveBeenCalledWith(true);
    expect(token).toEqual({ token: 'tok_op', brand: 'mastercard', deviceSessionId: 'device-7' });
  });

  it("refuses with Openpay's description", async () => {
    const tokeniser = openpayTokeniser({
      merchantId: 'm',
      publicKey: 'pk',
      sandbox: true,
      load: async () => {},
      global: () => fakeOpenPay('refused'),
    });
    await expect(tokeniser.tokenise(card, signal())).rejects.toEqual({
      kind: 'refused',
      message: 'The card was declined',
    });
  });

  it('scripts that do not load make the provider unreachable', async () => {
    const tokeniser = openpayTokeniser({
      merchantId: 'm',
      publicKey: 'pk',
      sandbox: true,
      load: async () => {
        throw new Error('offline');
      },
    });
    await expect(tokeniser.tokenise(card, signal())).rejects.toEqual({ kind: 'unreachable', message: null });
  });
});
