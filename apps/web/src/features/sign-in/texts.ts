import { type Catalog, textsOf } from '../../lib/i18n/i18n.ts';
import { messages as spanish } from './locales/es.po';

/**
 * The sign-in's texts. `/` is where visits start, so Spanish, the default, ships with the app: the
 * first paint needs no extra request.
 */
export const signInCatalog: Catalog = {
  es: async () => ({ messages: spanish }),
  en: () => import('./locales/en.po'),
};

export const loadTexts = textsOf(signInCatalog);

/**
 * The code step's texts (`code/`): the code screen, the modal's later steps and their prompts. They load with
 * those, never with `/`'s first paint.
 */
const codeCatalog: Catalog = {
  es: () => import('./code/locales/es.po'),
  en: () => import('./code/locales/en.po'),
};

const loadCodeCatalog = textsOf(codeCatalog);

/** The code step's texts and the sign-in's, which its screens use too. */
export const loadCodeTexts = () => Promise.all([loadTexts(), loadCodeCatalog()]);
