import { defineConfig } from '@lingui/conf';

/**
 * Message ids are the English text; Spanish is the app's default language (spec §1).
 * Catalogs follow folders: `app/locales` holds the texts of `app/` and `lib/` (the frame, part of the
 * first paint), and every folder under `features/` has its own `locales/`, loaded with its routes.
 * A new feature folder gets its catalog without being listed here.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/app/locales/{locale}',
      include: ['<rootDir>/src/app', '<rootDir>/src/lib'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}'],
      exclude: ['**/*.test.*', '<rootDir>/src/features/sign-in/code'],
    },
    // The sign-in's code step has a catalog of its own: `/`'s first load carries the sign-in's, not these.
    {
      path: '<rootDir>/src/features/sign-in/code/locales/{locale}',
      include: ['<rootDir>/src/features/sign-in/code'],
      exclude: ['**/*.test.*'],
    },
  ],
});
