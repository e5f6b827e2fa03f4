interface ImportMetaEnv {
  /** Base address of the provider API for unprefixed calls, e.g. `https://provider.example/api/`. */
  readonly VITE_API_URL?: string;
  /** The external support chat link (Contact us). */
  readonly VITE_SUPPORT_CHAT_URL?: string;
  /** One of the three brand themes: vendo (default), oceano, atardecer. */
  readonly VITE_THEME?: string;
  /** The site path machine QR codes carry, e.g. https://vendo.mx/ (default: this app's origin). */
  readonly VITE_QR_SITE_PATH?: string;
  /** The meal-voucher provider's authorization page. */
  readonly VITE_VOUCHER_AUTHORIZE_URL?: string;
  /** `openpay` for Openpay.js; anything else uses the reference API's card-provider emulation. */
  readonly VITE_CARD_PROVIDER?: string;
  readonly VITE_CARD_MERCHANT_ID?: string;
  /** The provider's public (`pk_`) key; never a private one. */
  readonly VITE_CARD_PUBLIC_KEY?: string;
  /** `false` for the provider's live mode. */
  readonly VITE_CARD_SANDBOX?: string;
  /** The emulated tokens endpoint's base (reference provider only). */
  readonly VITE_CARD_TOKENS_URL?: string;
  /** The native app's store pages (spec §9). */
  readonly VITE_IOS_APP_URL?: string;
  readonly VITE_ANDROID_APP_URL?: string;
}
