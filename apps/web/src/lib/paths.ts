import type { FollowedFlow } from '@vendo/core';
import type { ComponentType } from 'react';

/**
 * Every route of spec §2: its pattern (exact match) and who may open it.
 * `member` pages send visitors without a token to `/`; `public` pages are open to
 * anonymous visitors too (spec §6); `signIn` is `/`, which sends members onwards.
 * Routes of one `group` share one screen, which stays mounted while moving between them.
 */
export type Access = 'public' | 'member' | 'signIn';

export const paths = {
  signIn: { pattern: '/', access: 'signIn' },
  phoneVerification: { pattern: '/phone-verification', access: 'public' },
  machineSelection: { pattern: '/machine-selection', access: 'public' },
  machineSelectionNew: { pattern: '/machine-selection/:selectNew', access: 'public' },
  machineInventory: { pattern: '/machine-inventory', access: 'public', group: 'machine' },
  machineInventoryRecharged: { pattern: '/machine-inventory/:balanceRecharged', access: 'public' },
  product: { pattern: '/product/:productId', access: 'public' },
  topUp: { pattern: '/top-up', access: 'member' },
  paymentMethods: { pattern: '/payment-methods', access: 'member' },
  selectPaymentMethod: { pattern: '/select-payment-method', access: 'member' },
  addPaymentMethod: { pattern: '/add-payment-method', access: 'member' },
  addPaymentMethodMobile: { pattern: '/add-payment-method-mobile/:cmId/:cmName', access: 'public' },
  edenredCallback: { pattern: '/edenred/callback', access: 'member' },
  profile: { pattern: '/profile', access: 'member' },
  editProfile: { pattern: '/edit-profile', access: 'member' },
  history: { pattern: '/history', access: 'member' },
  addRfidDevice: { pattern: '/add-rfid-device-page', access: 'member' },
  addRfidCard: { pattern: '/add-rfid-card-page', access: 'member', group: 'cardLink' },
  linkingRfidCard: { pattern: '/linking-rfid-card-page', access: 'member', group: 'cardLink' },
  rfidError: { pattern: '/rfid-error-page', access: 'member', group: 'cardLink' },
  connectingMachineRfid: { pattern: '/connecting-machine-rfid', access: 'member', group: 'cardLink' },
  authenticateUserRfid: { pattern: '/authenticate-user-rfid-page', access: 'member', group: 'cardLink' },
  tapCardRfid: { pattern: '/tap-card-rfid-page', access: 'member', group: 'cardLink' },
  cardLinkSuccessful: { pattern: '/card-link-successful-page', access: 'member', group: 'cardLink' },
  connecting: { pattern: '/connecting', access: 'member', group: 'deal' },
  download: { pattern: '/download', access: 'member', group: 'deal' },
  downloadWithCampaign: { pattern: '/download_with_campaign', access: 'member', group: 'deal' },
  /** Also spec §2's delivering screen: the machine is delivering by itself. */
  autoDelivery: { pattern: '/auto-delivery', access: 'member', group: 'deal' },
  machineReady: { pattern: '/machine-ready', access: 'member', group: 'deal' },
  /** Also spec §2's failed-deal screen: the status's own title and description, and a retry. */
  connectionError: { pattern: '/connection-error', access: 'member', group: 'deal' },
  transactionError: { pattern: '/transaction-error', access: 'member', group: 'deal' },
  campaignRequirement: { pattern: '/campaign-requirement', access: 'member', group: 'deal' },
  /** Issue 35 point 3: `/receipt/deal/:id` and `/receipt/top-up/:id`, one screen. */
  receipt: { pattern: '/receipt/:kind/:receiptId', access: 'member' },
  /** Issue 35 point 4: a confirmation e-mail's link (`?token=`), opened signed in or not. */
  confirmEmail: { pattern: '/confirm-email', access: 'public' },
  /** Issue 36 point 3: "Mis recompensas", every reward program with the member's progress and bonus credit. */
  rewards: { pattern: '/rewards', access: 'member' },
  /** Issue 37 point 3: "Datos de facturación", the tax profile invoices are made out to (`?back=` a receipt). */
  taxProfile: { pattern: '/tax-profile', access: 'member' },
  /** Issue 37 point 4: "Recuperar mi saldo", the member's own money given back to the cards and by SPEI. */
  balanceRefund: { pattern: '/balance-refund', access: 'member' },
  /** Last: a single segment is a machine name (spec §2 /:vendingMachineName). */
  machineByName: { pattern: '/:vendingMachineName', access: 'public', group: 'machine' },
} as const satisfies Record<string, { pattern: string; access: Access; group?: FollowedFlow | 'machine' }>;

export type PathName = keyof typeof paths;

/**
 * Spec §2/§6: a member held on /edit-profile for an employee number may still reach these: the form
 * itself, and choosing another machine (issue 15 point 1: whoever scanned the wrong machine is no prisoner).
 */
export const openAtEmployeeGate: ReadonlySet<PathName> = new Set([
  'editProfile',
  'machineSelection',
  'machineSelectionNew',
  'machineByName',
]);

/** Fills a pattern's parameters: `href('product', { productId: 7 })` → `/product/7`. */
export function href(name: PathName, params: Record<string, string | number> = {}): string {
  return paths[name].pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/**
 * A route's screen, loaded when the route is first visited. `preload` loads what the screen draws for an
 * address's search beyond itself (a tab's code), so a page the server drew that way is taken over in one pass.
 */
export type ScreenLoader = () => Promise<{ default: ComponentType; preload?: (search: string) => Promise<void> }>;

/** The screens a feature brings to the route table, by route name. */
export type FeatureScreens = Partial<Record<PathName, ScreenLoader>>;

/** Every route of a `group`: they share one screen. */
export const routesOf = (group: FollowedFlow): PathName[] =>
  (Object.keys(paths) as PathName[]).filter((name) => (paths[name] as { group?: string }).group === group);
