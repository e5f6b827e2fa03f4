import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { createApi } from '../../api/index.ts';
import { VOUCHER_STATE_KEY } from '../../rules/voucher.ts';
import { memoryStorage } from '../../test-support/storage.ts';
import { voucherActors } from './voucher.actors.ts';
import { voucherMachine } from './voucher.machine.ts';

function start(
  input: { code: string | null; problem: 'voucher_no_code' | 'voucher_state_mismatch' | null },
  fails = false,
) {
  const sent: string[] = [];
  const forgotten = { times: 0 };
  const actor = createActor(
    voucherMachine.provide({
      actors: {
        forgetCallback: fromCallback(() => {
          forgotten.times++;
        }),
        addVoucher: fromPromise(async ({ input: call }: { input: { memberId: number; code: string } }) => {
          sent.push(call.code);
          if (fails) throw httpError({ method: 'POST', path: '/v' }, 422, { error: { message: 'Código usado' } }, null);
        }),
      },
    }),
    { input: { memberId: 17, ...input } },
  ).start();
  return { actor, sent, forgotten };
}

describe('meal-voucher card from the callback (spec §2 /edenred/callback)', () => {
  it('adds the card with the code', async () => {
    const flow = start({ code: 'XYZ', problem: null });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added') || snapshot.matches('refused'));
    expect(flow.sent).toEqual(['XYZ']);
    expect(flow.actor.getSnapshot().value).toBe('added');
  });

  it('never calls the API without a usable code', () => {
    const flow = start({ code: null, problem: 'voucher_state_mismatch' });
    expect(flow.actor.getSnapshot().value).toBe('refused');
    expect(flow.sent).toEqual([]);
  });

  it('a reused or expired code ends refused with the API’s message', async () => {
    const flow = start({ code: 'OLD', problem: null }, true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added') || snapshot.matches('refused'));
    expect(flow.actor.getSnapshot().context.error?.message).toBe('Código usado');
  });
});

describe('the callback is used up (spec §2 /edenred/callback)', () => {
  it.each([
    ['a usable one', { code: 'XYZ', problem: null }],
    ['a refused one', { code: null, problem: 'voucher_state_mismatch' }],
  ] as const)('%s: its state and address are forgotten once, as the flow starts', (_, input) => {
    const flow = start(input);

    expect(flow.forgotten.times).toBe(1);
  });
});

describe("the callback's state and address go with the flow's start (spec §2 /edenred/callback)", () => {
  it('the real actors forget the kept state and take the code out of the address', () => {
    const storage = memoryStorage({ [VOUCHER_STATE_KEY]: 'abc' });
    const left = { times: 0 };
    const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 't' });
    const actors = voucherActors({ api, storage, leaveAddress: () => left.times++ });

    createActor(voucherMachine.provide({ actors: { forgetCallback: actors.forgetCallback } }), {
      input: { memberId: 17, code: null, problem: 'voucher_no_code' },
    }).start();

    expect(storage.read(VOUCHER_STATE_KEY)).toBeNull();
    expect(left.times).toBe(1);
  });
});
