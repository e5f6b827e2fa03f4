import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { Receipt } from '../../contract/index.ts';
import type { ReceiptInput } from './receipt.machine.ts';

/** The receipt's read on the real API. */
export function receiptActors({ api }: { api: Api }) {
  return {
    loadReceipt: fromPromise<Receipt, ReceiptInput>(async ({ input, signal }) => {
      const answer =
        input.kind === 'deal'
          ? await api.receipts.deal(input.memberId, input.id, { signal })
          : await api.receipts.topUp(input.memberId, input.id, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.receipt;
    }),
    mailReceipt: fromPromise<void, ReceiptInput>(async ({ input, signal }) => {
      const answer =
        input.kind === 'deal'
          ? await api.receipts.emailDeal(input.memberId, input.id, { signal })
          : await api.receipts.emailTopUp(input.memberId, input.id, { signal });
      if (!answer.ok) throw answer.error;
    }),
  };
}
