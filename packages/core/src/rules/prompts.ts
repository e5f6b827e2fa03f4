import type { StorageKey } from '../ports.ts';

/** Spec §9: "do not show again" lasts one year (the storage lifetime). */
export const messageDismissKey = (messageId: number): StorageKey => `vendo.dismissed.message-${messageId}`;
export const NATIVE_APP_DISMISS_KEY: StorageKey = 'vendo.dismissed.native-app';

export type NativePlatform = 'ios' | 'android';

/**
 * Spec §2 native-app download prompt: iOS and Android phones get their store's
 * link; desktops (and anything else) get no prompt.
 */
export function nativePlatform(userAgent: string): NativePlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return null;
}
