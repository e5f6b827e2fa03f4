import { signInCatalog } from '../features/sign-in/texts.ts';
import type { Catalog } from '../lib/i18n/i18n.ts';
import { messages as spanish } from './locales/es.po';

/** The frame's texts (app/ and lib/); Spanish, the default, ships with the app. */
export const appCatalog: Catalog = {
  es: async () => ({ messages: spanish }),
  en: () => import('./locales/en.po'),
};

/** Texts the first paint needs in any language: the frame's, and those of `/`, where visits start. */
export const firstPaintCatalogs: readonly Catalog[] = [appCatalog, signInCatalog];
