import { type Catalog, textsOf } from '../../lib/i18n/i18n.ts';

/** This feature's texts (its own catalog, `locales/`), loaded with its screens. */
export const machinesCatalog: Catalog = {
  es: () => import('./locales/es.po'),
  en: () => import('./locales/en.po'),
};

export const loadTexts = textsOf(machinesCatalog);
