import { describe, expectTypeOf, it } from 'vitest';
import { calls } from '../contract/calls.ts';
import type { CallInput, Send } from './send.ts';

declare const send: Send;

describe('a call takes exactly the path parameters its path names', () => {
  it('reads them from the path: {id} and {dealId}, {name}', () => {
    expectTypeOf<CallInput<typeof calls.getDeal>['params']>().toEqualTypeOf<
      Readonly<Record<'id' | 'dealId', number | string>>
    >();
    expectTypeOf<CallInput<typeof calls.findMachine>['params']>().toEqualTypeOf<
      Readonly<Record<'name', number | string>>
    >();
  });

  it('a path without parameters takes none', () => {
    expectTypeOf<CallInput<typeof calls.requestCode>['params']>().toEqualTypeOf<undefined>();
    // @ts-expect-error: requestCode's path has no {id}
    send(calls.requestCode, { params: { id: 17 }, body: { phone: '5512345678', countries: '+52' } });
  });

  it('a path parameter is required', () => {
    send(calls.getDeal, { params: { id: 7, dealId: 5001 } });
    // @ts-expect-error: {dealId} is missing
    send(calls.getDeal, { params: { id: 7 } });
    // @ts-expect-error: no params at all
    send(calls.getDeal, {});
  });

  it('a parameter the path does not name is refused', () => {
    // @ts-expect-error: getDeal's path has {id} and {dealId}, not {deal}
    send(calls.getDeal, { params: { id: 7, deal: 5001 } });
  });

  it('the answer is typed by the call', () => {
    expectTypeOf(send(calls.getDeal, { params: { id: 7, dealId: 5001 } }))
      .resolves.extract<{ ok: true }>()
      .toHaveProperty('value')
      .toHaveProperty('deal')
      .toHaveProperty('delivery_status')
      .toEqualTypeOf<number>();
  });
});
