/**
 * Spec §3/§4 `delivery_status`, read alike by the member's screens and the provider's settlement:
 * 0 delivered; 1 reaching the machine and 2 the machine waiting for the member, both on the way;
 * 3–16 the machine's own failures; any other number is unknown (the contract accepts it, spec §4
 * "anything else").
 */
export const deliveryStatus = {
  delivered: 0,
  connecting: 1,
  machineReady: 2,
  firstFailure: 3,
  lastFailure: 16,
} as const;

/** How a deal stands for its status. */
export type DealOutcome = 'delivered' | 'inProgress' | 'failed' | 'unknown';

export function dealOutcome(status: number): DealOutcome {
  if (status === deliveryStatus.delivered) return 'delivered';
  if (status === deliveryStatus.connecting || status === deliveryStatus.machineReady) return 'inProgress';
  if (status >= deliveryStatus.firstFailure && status <= deliveryStatus.lastFailure) return 'failed';
  return 'unknown';
}

/** A deal ends on every status but the two on the way: an unknown status ends it too, as a failure. */
export const dealEnded = (status: number) => dealOutcome(status) !== 'inProgress';
