import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import { examples } from '../../contract/examples.ts';
import type { Receipt } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { type ReceiptInput, receiptMachine } from './receipt.machine.ts';
import { receiptKindOf, receiptSegmentOf, receiptView } from './receipt.view.ts';

function start(answers: (() => Promise<Receipt>)[]) {
  const asked: ReceiptInput[] = [];
  const actor = createActor(
    receiptMachine.provide({
      actors: {
        loadReceipt: fromPromise<Receipt, ReceiptInput>(async ({ input }) => {
          asked.push(input);
          return (answers.shift() ?? (async () => examples.receipt))();
        }),
      },
    }),
    { input: { memberId: 17, kind: 'deal', id: 5001 } },
  ).start();
  return { actor, asked, view: () => receiptView(actor.getSnapshot()) };
}

describe('issue 35 point 3: a receipt', () => {
  it("reads the member's receipt of that deal and shows it", async () => {
    const screen = start([]);

    await settle();

    expect(screen.asked).toEqual([{ memberId: 17, kind: 'deal', id: 5001 }]);
    expect(screen.view().receipt?.folio).toBe(examples.receipt.folio);
  });

  it('says there is none where the provider answers 404 (not delivered, not theirs, or no receipts at all)', async () => {
    const screen = start([() => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, {}, null))]);

    await settle();

    expect(screen.view().problem).toBe('missing');
  });

  it('reads again a receipt the server did not answer for, when asked', async () => {
    const screen = start([() => Promise.reject(transportError({ method: 'GET', path: '/x' }, 'network', 'down'))]);
    await settle();
    const first = screen.view().problem;

    screen.actor.send({ type: 'receipt.retried' });
    await settle();

    expect([first, screen.view().receipt?.folio]).toEqual(['unreachable', examples.receipt.folio]);
  });
});

describe('issue 35 point 3: a receipt address', () => {
  it.each([
    ['deal', 'deal'],
    ['top-up', 'top_up'],
    ['top_up', null],
    ['invoice', null],
  ])('/receipt/%s names %s', (segment, kind) => {
    expect(receiptKindOf(segment)).toBe(kind);
  });

  it('writes each kind as its address names it', () => {
    expect([receiptSegmentOf('deal'), receiptSegmentOf('top_up')]).toEqual(['deal', 'top-up']);
  });
});
