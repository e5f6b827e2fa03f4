/**
 * Every route of spec §2: its pattern (exact match) and who may open it.
 * `member` pages send visitors without a token to `/`; `public` pages are open to
 * anonymous visitors too (spec §6); `signIn` is `/`, which sends members onwards.
 */
export type Access = 'public' | 'member' | 'signIn';

export const paths = {
  signIn: { pattern: '/', access: 'signIn' },
  phoneVerification: { pattern: '/phone-verification', access: 'public' },
  machineSelection: { pattern: '/machine-selection', access: 'public' },
  machineSelectionNew: { pattern: '/machine-selection/:selectNew', access: 'public' },
  machineInventory: { pattern: '/machine-inventory', access: 'public' },
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
  addRfidCard: { pattern: '/add-rfid-card-page', access: 'member' },
  linkingRfidCard: { pattern: '/linking-rfid-card-page', access: 'member' },
  rfidError: { pattern: '/rfid-error-page', access: 'member' },
  connectingMachineRfid: { pattern: '/connecting-machine-rfid', access: 'member' },
  authenticateUserRfid: { pattern: '/authenticate-user-rfid-page', access: 'member' },
  tapCardRfid: { pattern: '/tap-card-rfid-page', access: 'member' },
  cardLinkSuccessful: { pattern: '/card-link-successful-page', access: 'member' },
  connecting: { pattern: '/connecting', access: 'member' },
  download: { pattern: '/download', access: 'member' },
  downloadWithCampaign: { pattern: '/download_with_campaign', access: 'member' },
  autoDelivery: { pattern: '/auto-delivery', access: 'member' },
  machineReady: { pattern: '/machine-ready', access: 'member' },
  connectionError: { pattern: '/connection-error', access: 'member' },
  transactionError: { pattern: '/transaction-error', access: 'member' },
  campaignRequirement: { pattern: '/campaign-requirement', access: 'member' },
  /** Spec §2 names a delivering screen and a failed-deal screen without paths: these are Vendo's. */
  delivering: { pattern: '/delivering', access: 'member' },
  dealFailed: { pattern: '/deal-failed', access: 'member' },
  /** Last: a single segment is a machine name (spec §2 /:vendingMachineName). */
  machineByName: { pattern: '/:vendingMachineName', access: 'public' },
} as const satisfies Record<string, { pattern: string; access: Access }>;

export type PathName = keyof typeof paths;

/** Fills a pattern's parameters: `href('product', { productId: 7 })` → `/product/7`. */
export function href(name: PathName, params: Record<string, string | number> = {}): string {
  return paths[name].pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}
