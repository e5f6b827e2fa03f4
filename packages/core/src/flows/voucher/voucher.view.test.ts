import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import type { VoucherCallbackProblem } from '../../rules/voucher.ts';
import { voucherMachine } from './voucher.machine.ts';
import { voucherView } from './voucher.view.ts';

function start(input: { code: string | null; problem: VoucherCallbackProblem | null }, fails = false) {
  const actor = createActor(
    voucherMachine.provide({
      actors: {
        forgetCallback: fromCallback(() => {}),
        addVoucher: fromPromise(async () => {
          if (fails) throw httpError({ method: 'POST', path: '/v' }, 422, { error: { message: 'Código usado' } }, null);
        }),
      },
    }),
    { input: { memberId: 17, ...input } },
  ).start();
  return { actor, view: () => voucherView(actor.getSnapshot()) };
}

describe('spec §2 /edenred/callback: what the screen shows', () => {
  it('is in progress while the code is exchanged for a card', () => {
    const flow = start({ code: 'XYZ', problem: null });
    expect(flow.view()).toEqual({ added: false, refused: false, error: null, problem: null });
  });

  it('tells the card was added', async () => {
    const flow = start({ code: 'XYZ', problem: null });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added') || snapshot.matches('refused'));
    expect(flow.view()).toEqual({ added: true, refused: false, error: null, problem: null });
  });

  it('a callback without a usable code is refused with its problem', () => {
    const flow = start({ code: null, problem: 'voucher_state_mismatch' });
    expect(flow.view()).toEqual({ added: false, refused: true, error: null, problem: 'voucher_state_mismatch' });
  });

  it("a reused or expired code is refused with the API's error", async () => {
    const flow = start({ code: 'OLD', problem: null }, true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added') || snapshot.matches('refused'));
    expect(flow.view()).toMatchObject({ added: false, refused: true, error: { message: 'Código usado' } });
  });
});
