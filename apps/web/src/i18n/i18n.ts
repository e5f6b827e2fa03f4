import { i18n, type Messages } from '@lingui/core';
import { STORAGE_LIFETIME_SECONDS, type StoragePort, storageKeys } from '@vendo/core';
import { messages as spanish } from '../locales/es/messages.po';

export const appLocales = ['es', 'en'] as const;
export type AppLocale = (typeof appLocales)[number];

/**
 * Spanish first (spec §1); a member's own choice, once made, is kept and never
 * flipped. The spec's "opposite of the current one at start" is how the original
 * reached Spanish from an English base: the observable result is the same.
 */
export function initialLocale(storage: StoragePort): AppLocale {
  return storage.read(storageKeys.locale) === 'en' ? 'en' : 'es';
}

/** Spanish, the default, ships with the app (no extra round trip before the first paint); English loads on demand. */
const catalogs: Record<AppLocale, () => Promise<{ messages: Messages }>> = {
  es: async () => ({ messages: spanish }),
  en: () => import('../locales/en/messages.po'),
};

/** Loads the language's catalog on demand and makes it the page's language. */
export async function activateLocale(locale: AppLocale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** The language switch: the choice is stored for a year. */
export async function chooseLocale(storage: StoragePort, locale: AppLocale): Promise<void> {
  storage.write(storageKeys.locale, locale, { maxAgeSeconds: STORAGE_LIFETIME_SECONDS });
  await activateLocale(locale);
}

export const currentLocale = (): AppLocale => (i18n.locale === 'en' ? 'en' : 'es');

export { i18n };
