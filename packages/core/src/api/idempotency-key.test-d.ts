import { describe, expectTypeOf, it } from 'vitest';
import type { calls } from '../contract/calls.ts';
import type { Api } from './index.ts';
import type { CallOptions } from './send.ts';

declare const api: Api;
declare const deal: Parameters<Api['deals']['create']>[1];
declare const topUp: Parameters<Api['topUps']['create']>[1];

describe('money-moving calls require the caller’s idempotencyKey', () => {
  it('an idempotent call’s options carry a required key', () => {
    expectTypeOf<CallOptions<typeof calls.createDeal>>().toEqualTypeOf<
      { readonly signal?: AbortSignal } & { readonly idempotencyKey: string }
    >();
  });

  it('creating a deal or a top-up without a key does not compile', () => {
    api.deals.create(7, deal, { idempotencyKey: 'k-1' });
    api.topUps.create(17, topUp, { idempotencyKey: 'k-1' });
    api.topUps.withRedirect(17, { amount: 200, currency: 'MXN' }, { idempotencyKey: 'k-1' });
    api.topUps.byReference(17, { amount: 200, currency: 'MXN' }, { idempotencyKey: 'k-1' });
    // @ts-expect-error: no options, so no key
    api.deals.create(7, deal);
    // @ts-expect-error: options without the key
    api.deals.create(7, deal, { signal: new AbortController().signal });
    // @ts-expect-error: no options, so no key
    api.topUps.create(17, topUp);
    // @ts-expect-error: no options, so no key
    api.topUps.withRedirect(17, { amount: 200, currency: 'MXN' });
    // @ts-expect-error: no options, so no key
    api.topUps.byReference(17, { amount: 200, currency: 'MXN' });
  });

  it('other calls take no key', () => {
    expectTypeOf<CallOptions<typeof calls.listDeals>['idempotencyKey']>().toEqualTypeOf<undefined>();
    api.deals.list(17);
    // @ts-expect-error: listing deals moves no money
    api.deals.list(17, { idempotencyKey: 'k-1' });
  });
});
