import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { AskAlertInput, EndAlertInput } from './restock-alerts.types.ts';

/** The restock alerts' effects on the real API. */
export function restockAlertsActors({ api }: { api: Api }) {
  return {
    askAlert: fromPromise<void, AskAlertInput>(async ({ input, signal }) => {
      const body = { product_server_id: input.machineId, product_id: input.productId };
      const answer = await api.restockAlerts.create(input.memberId, body, { signal });
      if (!answer.ok) throw answer.error;
    }),
    endAlert: fromPromise<void, EndAlertInput>(async ({ input, signal }) => {
      const answer = await api.restockAlerts.remove(input.memberId, input.alertId, { signal });
      if (!answer.ok) throw answer.error;
    }),
  };
}
