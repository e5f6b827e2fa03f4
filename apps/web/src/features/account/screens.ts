import { withTexts } from '../../lib/i18n/i18n.ts';
import type { FeatureScreens } from '../../lib/paths.ts';
import { loadTexts } from './texts.ts';

export const accountScreens = {
  profile: withTexts(loadTexts, () => import('./profile.tsx')),
  editProfile: withTexts(loadTexts, () => import('./edit-profile.tsx')),
  history: withTexts(loadTexts, () => import('./history.tsx')),
  receipt: withTexts(loadTexts, () => import('./receipt.tsx')),
  confirmEmail: withTexts(loadTexts, () => import('./confirm-email.tsx')),
  rewards: withTexts(loadTexts, () => import('./rewards.tsx')),
  // Issue 37 point 3: "Datos de facturación", the tax profile invoices are made out to.
  taxProfile: withTexts(loadTexts, () => import('./invoices/tax-profile.tsx')),
} satisfies FeatureScreens;
