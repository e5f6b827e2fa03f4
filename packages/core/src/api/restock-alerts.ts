import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

/** Issue 35 point 2: "Avísame cuando haya". The member answer lists the alerts (`restock_alerts`). */
export function restockAlertsApi(send: Send) {
  return {
    create: (memberId: number, body: CallInput<typeof calls.createRestockAlert>['body'], options?: CallOptions) =>
      send(calls.createRestockAlert, { params: { id: memberId }, body }, options),
    remove: (memberId: number, alertId: number, options?: CallOptions) =>
      send(calls.deleteRestockAlert, { params: { id: memberId, alertId } }, options),
  };
}
