import { defineConfig } from '@lingui/conf';

/** Screens of a feature whose texts load with the feature, not with the app's first paint. */
const machineScreens = [
  '<rootDir>/src/screens/machine-*',
  '<rootDir>/src/screens/product.tsx',
  '<rootDir>/src/shell/buy-prompts.tsx',
  '<rootDir>/src/shell/keypad-tab.tsx',
  '<rootDir>/src/shell/machine-header.tsx',
  '<rootDir>/src/shell/machine-not-found.tsx',
  '<rootDir>/src/shell/qr-scanner-panel.tsx',
  '<rootDir>/src/i18n/machine-messages.ts',
];

/**
 * Message ids are the English text; Spanish is the app's default language (spec §1).
 * `messages` holds the shell's texts; each feature catalog loads with its routes.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', ...machineScreens],
    },
    { path: '<rootDir>/src/locales/{locale}/machines', include: machineScreens, exclude: ['**/*.test.*'] },
  ],
});
