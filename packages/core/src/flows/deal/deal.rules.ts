import { type Deal, dealOutcome, deliveryStatus, type ProductServer } from '../../contract/index.ts';
import { httpUrl } from '../../rules/links.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_USER_TYPE_TIMEOUT_SECONDS } from '../../rules/machine-wait.ts';

/** Spec §9: the machine-ready timeout is the user-type timeout plus this. */
export const READY_GRACE_MS = 10_000;

/** The screens of a deal on its way (spec §2 deal-flow screens); the web maps each to its route. */
export const dealScreens = [
  'creating',
  'connecting',
  'machineReady',
  'autoDelivery',
  'download',
  'downloadWithCampaign',
  'connectionError',
  'transactionError',
  'campaignRequirement',
] as const;

export type DealScreen = (typeof dealScreens)[number];

/**
 * The screens a deal ends on (spec §2 deal-flow screens): delivered, or failed or refused. Nothing more
 * happens there by itself; a retry, where one is offered, is a new attempt the member asks for.
 */
export const dealEndScreens: readonly DealScreen[] = [
  'download',
  'downloadWithCampaign',
  'connectionError',
  'transactionError',
  'campaignRequirement',
];

/** Spec §4: the campaign download needs the button text, the image, and either the link or the text. */
export function hasCampaign(deal: Deal): boolean {
  return Boolean(deal.cta_button_text && deal.cta_image_url && (httpUrl(deal.cta_url) || deal.cta_text));
}

/** Spec §4 delivery_status navigation, first reading. */
export function screenFor(deal: Deal, machine: ProductServer): DealScreen {
  const status = deal.delivery_status;
  switch (dealOutcome(status)) {
    case 'delivered':
      return hasCampaign(deal) ? 'downloadWithCampaign' : 'download';
    case 'inProgress':
      // Status 1 is the machine still being reached: the connecting screen.
      if (status === deliveryStatus.connecting) return 'connecting';
      return machine.settings.automatic_delivery ? 'autoDelivery' : 'machineReady';
    case 'failed':
      return 'connectionError';
    case 'unknown':
      return 'transactionError';
  }
}

/** The failed-deal screen's text for a status (spec §4 second reading and status messages). */
export type FailureReason =
  | 'communication'
  | 'userTimeout'
  | 'notDelivered'
  | 'machineError'
  | 'machineInUse'
  | 'cancelledByUser'
  | 'cancelled'
  | 'unknownMachineError'
  | 'insufficientFunds'
  | 'auditInProgress'
  | 'wrongSelection'
  | 'closedCredit'
  | 'generic';

const reasons: Readonly<Record<number, FailureReason>> = {
  1: 'communication',
  2: 'userTimeout',
  3: 'userTimeout',
  4: 'communication',
  5: 'notDelivered',
  6: 'machineError',
  7: 'machineInUse',
  8: 'cancelledByUser',
  9: 'cancelled',
  10: 'unknownMachineError',
  11: 'machineInUse',
  12: 'insufficientFunds',
  13: 'auditInProgress',
  14: 'wrongSelection',
  16: 'closedCredit',
};

export const failureReason = (status: number): FailureReason => reasons[status] ?? 'generic';

/** Spec §4/§9: the connecting screen gives up after the machine's connect timeout (default 60000 ms). */
export const connectTimeoutMs = (machine: ProductServer) =>
  machine.connect_to_machine_timeout ?? DEFAULT_CONNECT_TIMEOUT_MS;

/** Spec §4/§9: the machine-ready timeout is the user-type timeout (seconds) plus 10 seconds. */
export const readyTimeoutMs = (machine: ProductServer) =>
  (machine.user_type_timeout ?? DEFAULT_USER_TYPE_TIMEOUT_SECONDS) * 1000 + READY_GRACE_MS;

/**
 * Issue 15 point 10: a purchase the balance does not cover, on a machine without direct payment, offers
 * to add funds and come back, where the member may top up (employee-number machines hide it, spec §2/§6:
 * the session knows which those are, so the caller says).
 */
export function offersTopUp(
  refusal: { status?: number | null; error_code?: string | number | null } | null,
  machine: Pick<ProductServer, 'payment_settings'>,
  employeeMachine: boolean,
): boolean {
  if (refusal?.status !== 402 || refusal.error_code !== 'insufficient_balance') return false;
  return !machine.payment_settings.direct_payment && !employeeMachine;
}

/** Where the member comes back to after adding funds: the product they were buying (spec §2 `/product/:id`). */
export const TOP_UP_RETURN_PATH = /^\/product\/[1-9]\d*$/;

/** The path to come back to after a top-up, from what the address carried; anything else is none. */
export function topUpReturnPath(search: string): string | null {
  const then = new URLSearchParams(search).get('then');
  return then !== null && TOP_UP_RETURN_PATH.test(then) ? then : null;
}
