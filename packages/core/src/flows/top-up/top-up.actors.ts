import { type EventObject, fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { OpenPage, StoragePort } from '../../ports.ts';
import { httpUrl } from '../../rules/links.ts';
import { markTopUpLeaving } from '../../rules/top-up-return.ts';
import { known } from '../known.ts';
import type { CheckoutInput, PayInput, TopUpOutcome } from './top-up.types.ts';

/**
 * The top-up flow's payment on the real API, by mode, and the way out to a provider's checkout page;
 * tests provide fakes instead.
 */
export function topUpActors({ api, storage, openPage }: { api: Api; storage: StoragePort; openPage: OpenPage }) {
  return {
    // Issue 15 point 9: the marker lets the way back show "Balance recharged"; only an http(s) page opens.
    leaveForCheckout: fromCallback<EventObject, CheckoutInput>(({ input }) => {
      const url = httpUrl(input.url);
      if (!url) return;
      markTopUpLeaving(storage, input.topUpId);
      openPage(url);
    }),
    pay: fromPromise<TopUpOutcome, PayInput>(async ({ input, signal }) => {
      const { memberId, request, currency, machineId, idempotencyKey } = input;
      const options = { idempotencyKey, signal };
      // Issue 32 point 5: the machine names the balance loaded; without one the provider takes MXN.
      const machine = machineId === null ? {} : { product_server_id: machineId };
      if (request.mode === 'card') {
        const charged = await api.topUps.create(
          memberId,
          {
            // The flow sends a card payment only with a card chosen (top-up.rules.ts cardMissing).
            credit_card_id: known(request.cardId, 'the card of a card payment'),
            amount: request.amount,
            currency,
            cvv: request.cvv,
            update_cvv: false,
            with_redirect: false,
            ...machine,
          },
          options,
        );
        if (!charged.ok) throw charged.error;
        return { kind: 'charged', topUpId: charged.value.top_up?.id ?? null, bonus: charged.value.top_up?.bonus };
      }
      if (request.mode === 'redirect') {
        const started = await api.topUps.withRedirect(
          memberId,
          { amount: request.amount, currency, ...machine },
          options,
        );
        if (!started.ok) throw started.error;
        return { kind: 'redirect', url: started.value.url, topUpId: started.value.top_up?.id ?? null };
      }
      const issued = await api.topUps.byReference(memberId, { amount: request.amount, currency, ...machine }, options);
      if (!issued.ok) throw issued.error;
      return { kind: 'reference', reference: issued.value.payment_reference };
    }),
  };
}
