import { i18n, type Messages } from '@lingui/core';
import { STORAGE_LIFETIME_SECONDS, type StoragePort, storageKeys } from '@vendo/core';
import { featureTexts } from './feature-texts.ts';

export const appLocales = ['es', 'en'] as const;
export type AppLocale = (typeof appLocales)[number];

/**
 * The member's language: their own choice, once made, kept and never flipped; else the first of the
 * browser's languages Vendo speaks; else Spanish (spec §1). The server picks it the same way from the
 * cookie and Accept-Language, so a page it renders and the browser agree.
 */
export function preferredLocale(chosen: string | null, browserLanguages: readonly string[]): AppLocale {
  if (chosen === 'en' || chosen === 'es') return chosen;
  for (const language of browserLanguages) {
    const primary = language.trim().toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'es') return primary;
  }
  return 'es';
}

/** Accept-Language's languages, most wanted first (RFC 9110 §12.5.4); those refused with q=0 left out. */
export function acceptedLanguages(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [language = '', ...parameters] = entry.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { language: language.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ language, weight }) => language !== '' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ language }) => language);
}

/** The app's first language in this browser. */
export function initialLocale(storage: StoragePort, browserLanguages: readonly string[]): AppLocale {
  return preferredLocale(storage.read(storageKeys.locale), browserLanguages);
}

/** A language tag as one of Vendo's: a server-rendered page's `<html lang>`, or an `i18n.locale`. */
export const appLocaleOf = (lang: string): AppLocale => (lang === 'en' ? 'en' : 'es');

/** One folder's compiled catalog in each language (lingui.config.ts: a catalog per feature folder). */
export type Catalog = Record<AppLocale, () => Promise<{ messages: Messages }>>;

/** The catalogs the first paint needs, in whatever language is active: given once, at start. */
const firstPaint = new Set<Catalog>();

/** The language being made the page's, before its catalogs have arrived. */
let activating: AppLocale | null = null;

/** Texts of features, loaded with their routes, in the language the page has or is about to have. */
const featureCatalogs = featureTexts(
  async (catalog: Catalog) => {
    const locale = activating ?? currentLocale();
    return { locale, ...(await catalog[locale]()) };
  },
  ({ locale, messages }) => i18n.load(locale, messages),
);

async function catalogFor(locale: AppLocale): Promise<Messages> {
  const parts = await Promise.all(
    [...new Set([...firstPaint, ...featureCatalogs.wanted()])].map((catalog) => catalog[locale]()),
  );
  return Object.assign({}, ...parts.map((part) => part.messages));
}

/** Loads the language's catalogs and makes it the page's language. */
export async function activateLocale(locale: AppLocale): Promise<void> {
  activating = locale;
  try {
    const messages = await catalogFor(locale);
    // A later choice (the language switch, twice in a row) wins.
    if (activating !== locale) return;
    // Added to what the language already holds: a screen's texts may have arrived in it meanwhile.
    i18n.load(locale, messages);
    i18n.activate(locale);
    document.documentElement.lang = locale;
  } finally {
    if (activating === locale) activating = null;
  }
}

/** The app's first language, with the catalogs its first paint needs (and, later, every language). */
export function startLocale(locale: AppLocale, catalogs: readonly Catalog[]): Promise<void> {
  for (const catalog of catalogs) firstPaint.add(catalog);
  return activateLocale(locale);
}

/** A feature's texts: loaded once, in the active language, before its screens render. */
export const textsOf = (catalog: Catalog) => (): Promise<void> => featureCatalogs.load(catalog);

/** A screen whose feature's texts load beside its code. */
export function withTexts<T>(texts: () => Promise<unknown>, load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), texts()]))[0];
}

/** The language switch: the choice is stored for a year. */
export async function chooseLocale(storage: StoragePort, locale: AppLocale): Promise<void> {
  storage.write(storageKeys.locale, locale, { maxAgeSeconds: STORAGE_LIFETIME_SECONDS });
  await activateLocale(locale);
}

export const currentLocale = (): AppLocale => appLocaleOf(i18n.locale);

export { i18n };
