import { textsOf } from '../../lib/i18n/i18n.ts';

/** This feature's texts (its own catalog, `locales/`), loaded with its screens. */
export const loadTexts = textsOf({
  es: () => import('./locales/es.po'),
  en: () => import('./locales/en.po'),
});
