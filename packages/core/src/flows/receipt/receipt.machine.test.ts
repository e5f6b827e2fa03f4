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

describe("issue 35 point 4: a receipt sent to the member's e-mail", () => {
  function shown(mail: () => Promise<void>) {
    const mailed: ReceiptInput[] = [];
    const actor = createActor(
      receiptMachine.provide({
        actors: {
          loadReceipt: fromPromise<Receipt, ReceiptInput>(async () => examples.receipt),
          mailReceipt: fromPromise<void, ReceiptInput>(async ({ input }) => {
            mailed.push(input);
            await mail();
          }),
        },
      }),
      { input: { memberId: 17, kind: 'top_up', id: 31 } },
    ).start();
    return { actor, mailed, view: () => receiptView(actor.getSnapshot()) };
  }
  const refused = (status: number, error_code: string, retryAfter: number | null = null) =>
    httpError({ method: 'POST', path: '/x' }, status, { error: { error_code } }, retryAfter);

  it('asks the provider to send it, and says so once it has', async () => {
    const screen = shown(async () => {});
    await settle();

    screen.actor.send({ type: 'receipt.mailed' });
    const during = screen.view().mailing;
    await settle();

    expect([during, screen.view().mailed, screen.mailed]).toEqual([
      true,
      true,
      [{ memberId: 17, kind: 'top_up', id: 31 }],
    ]);
  });

  it.each([
    [422, 'email_not_confirmed', 'notConfirmed'],
    [429, 'receipt_mail_limited', 'tooOften'],
    [500, 'internal', 'failed'],
  ])('says why it was not sent (%i %s), the receipt still shown', async (status, code, problem) => {
    const screen = shown(() => Promise.reject(refused(status, code)));
    await settle();

    screen.actor.send({ type: 'receipt.mailed' });
    await settle();

    expect([screen.view().mailProblem, screen.view().receipt?.folio]).toEqual([problem, examples.receipt.folio]);
  });

  it("tells the hour's limit from the receipt's minute by how long the provider says to wait", async () => {
    const screen = shown(() => Promise.reject(refused(429, 'receipt_mail_limited', 1_800)));
    await settle();

    screen.actor.send({ type: 'receipt.mailed' });
    await settle();

    expect(screen.view().mailProblem).toBe('tooMany');
  });
});
