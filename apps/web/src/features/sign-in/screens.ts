import { withTexts } from '../../lib/i18n/i18n.ts';
import type { FeatureScreens } from '../../lib/paths.ts';
import { loadCodeTexts } from './texts.ts';

/** `/` is where members land: part of the first load, so its first paint waits for no second request. */
export { default as SignIn } from './sign-in.tsx';

export const signInScreens = {
  phoneVerification: withTexts(loadCodeTexts, () => import('./code/phone-verification.tsx')),
} satisfies FeatureScreens;
