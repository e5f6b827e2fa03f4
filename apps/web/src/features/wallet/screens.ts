import { withTexts } from '../../lib/i18n/i18n.ts';
import type { FeatureScreens } from '../../lib/paths.ts';
import { loadTexts } from './texts.ts';

const addCard = withTexts(loadTexts, () => import('./add-card.tsx'));

export const walletScreens = {
  topUp: withTexts(loadTexts, () => import('./top-up.tsx')),
  paymentMethods: withTexts(loadTexts, () => import('./payment-methods.tsx')),
  edenredCallback: withTexts(loadTexts, () => import('./edenred-callback.tsx')),
  selectPaymentMethod: addCard,
  addPaymentMethod: addCard,
  addPaymentMethodMobile: addCard,
  balanceRefund: withTexts(loadTexts, () => import('./balance-refund.tsx')),
} satisfies FeatureScreens;
