import { i18n, type Messages } from '@lingui/core';
import { STORAGE_LIFETIME_SECONDS, type StoragePort, storageKeys } from '@vendo/core';
import { messages as spanish } from '../locales/es/messages.po';
import { featureTexts } from './feature-texts.ts';

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

type Catalog = () => Promise<{ messages: Messages }>;

/** The shell's texts; Spanish, the default, ships with the app so the first paint needs no extra request. */
const shell: Record<AppLocale, Catalog> = {
  es: async () => ({ messages: spanish }),
  en: () => import('../locales/en/messages.po'),
};

/** Texts of features, loaded with their routes. */
const features = {
  signin: {
    es: () => import('../locales/es/signin.po'),
    en: () => import('../locales/en/signin.po'),
  },
  machines: {
    es: () => import('../locales/es/machines.po'),
    en: () => import('../locales/en/machines.po'),
  },
  wallet: {
    es: () => import('../locales/es/wallet.po'),
    en: () => import('../locales/en/wallet.po'),
  },
  account: {
    es: () => import('../locales/es/account.po'),
    en: () => import('../locales/en/account.po'),
  },
  deals: {
    es: () => import('../locales/es/deals.po'),
    en: () => import('../locales/en/deals.po'),
  },
} satisfies Record<string, Record<AppLocale, Catalog>>;

export type Feature = keyof typeof features;

const featureCatalogs = featureTexts(
  async (feature: Feature) => {
    const locale = currentLocale();
    return { locale, ...(await features[feature][locale]()) };
  },
  ({ locale, messages }) => i18n.load(locale, messages),
);

async function catalogFor(locale: AppLocale): Promise<Messages> {
  const parts = await Promise.all([
    shell[locale](),
    ...featureCatalogs.wanted().map((feature) => features[feature][locale]()),
  ]);
  return Object.assign({}, ...parts.map((part) => part.messages));
}

/** Loads the language's catalogs and makes it the page's language. */
export async function activateLocale(locale: AppLocale): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await catalogFor(locale) });
  document.documentElement.lang = locale;
}

/** Adds a feature's texts, in the active language, before its screen renders. */
export const loadFeature = (feature: Feature): Promise<void> => featureCatalogs.load(feature);

/** The language switch: the choice is stored for a year. */
export async function chooseLocale(storage: StoragePort, locale: AppLocale): Promise<void> {
  storage.write(storageKeys.locale, locale, { maxAgeSeconds: STORAGE_LIFETIME_SECONDS });
  await activateLocale(locale);
}

export const currentLocale = (): AppLocale => (i18n.locale === 'en' ? 'en' : 'es');

export { i18n };
