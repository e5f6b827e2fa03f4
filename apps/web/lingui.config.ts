import { defineConfig } from '@lingui/conf';

/** Screens of a feature whose texts load with the feature, not with the app's first paint. */
const machineScreens = [
  '<rootDir>/src/screens/not-found.tsx',
  '<rootDir>/src/screens/machine-*',
  '<rootDir>/src/screens/not-found.tsx',
  '<rootDir>/src/screens/product.tsx',
  '<rootDir>/src/shell/buy-prompts.tsx',
  '<rootDir>/src/shell/keypad-tab.tsx',
  '<rootDir>/src/shell/machine-header.tsx',
  '<rootDir>/src/shell/machine-not-found.tsx',
  '<rootDir>/src/shell/member-prompts.tsx',
  '<rootDir>/src/shell/support-link.tsx',
  '<rootDir>/src/shell/qr-scanner-panel.tsx',
  '<rootDir>/src/i18n/machine-messages.ts',
];

/** Entering the texted code and the login modal's later steps: they load with their screens. */
const signInSteps = [
  '<rootDir>/src/screens/phone-verification.tsx',
  '<rootDir>/src/shell/code-form.tsx',
  '<rootDir>/src/shell/login-prompts.tsx',
  '<rootDir>/src/shell/login-steps.tsx',
  '<rootDir>/src/i18n/code-messages.ts',
];

/** The deal flow's screens: their texts load with the first deal. */
const dealScreens = [
  '<rootDir>/src/screens/deal.tsx',
  '<rootDir>/src/shell/deal-*',
  '<rootDir>/src/shell/rating-prompt.tsx',
  '<rootDir>/src/i18n/deal-messages.ts',
];

/** The member's own space: profile, its editing, and the history; the side menu that leads there. */
const accountScreens = [
  '<rootDir>/src/shell/app-menu.tsx',
  '<rootDir>/src/screens/profile.tsx',
  '<rootDir>/src/screens/edit-profile.tsx',
  '<rootDir>/src/screens/history.tsx',
  '<rootDir>/src/screens/card-link.tsx',
  '<rootDir>/src/screens/add-rfid-device.tsx',
  '<rootDir>/src/i18n/account-messages.ts',
  '<rootDir>/src/shell/app-menu.tsx',
];

/** Adding funds and cards. */
const walletScreens = [
  '<rootDir>/src/screens/top-up.tsx',
  '<rootDir>/src/screens/payment-methods.tsx',
  '<rootDir>/src/screens/add-card.tsx',
  '<rootDir>/src/screens/edenred-callback.tsx',
  '<rootDir>/src/shell/voucher-card.tsx',
  '<rootDir>/src/shell/top-up-prompts.tsx',
  '<rootDir>/src/shell/profile-needed.tsx',
  '<rootDir>/src/shell/auto-top-up.tsx',
  '<rootDir>/src/i18n/wallet-messages.ts',
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
      exclude: ['**/*.test.*', ...signInSteps, ...machineScreens, ...dealScreens, ...walletScreens, ...accountScreens],
    },
    { path: '<rootDir>/src/locales/{locale}/account', include: accountScreens, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/signin', include: signInSteps, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/wallet', include: walletScreens, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/deals', include: dealScreens, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/machines', include: machineScreens, exclude: ['**/*.test.*'] },
  ],
});
