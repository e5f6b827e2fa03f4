import { withTexts } from '../../lib/i18n/i18n.ts';
import type { FeatureScreens } from '../../lib/paths.ts';
import { loadTexts } from './texts.ts';

export const invoicesScreens = {
  taxProfile: withTexts(loadTexts, () => import('./tax-profile.tsx')),
} satisfies FeatureScreens;
