import type { ThemeName } from '@vendo/ui';

/** Spec §1: three brand themes, chosen by configuration. */
export const theme = (import.meta.env.VITE_THEME || 'vendo') as ThemeName;

/**
 * Where the provider API lives. Build-time configuration (`VITE_API_URL`); by
 * default the reference API that serves this app, on the same origin.
 */
export const apiBaseUrl: string = import.meta.env.VITE_API_URL || '/api/';

/** Spec §2 Contact us: the external support chat, opened in a new tab. */
export const supportChatUrl: string = import.meta.env.VITE_SUPPORT_CHAT_URL || 'https://wa.me/525500000000';

/**
 * Spec §5: QR codes count only when they contain the product's site path; the machine name follows it.
 * Read when asked, not at import: the server renders screens that import this, and has no window.
 */
export const qrSitePath = (): string => import.meta.env.VITE_QR_SITE_PATH || `${window.location.origin}/`;
