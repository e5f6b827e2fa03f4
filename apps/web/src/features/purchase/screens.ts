import { withTexts } from '../../lib/i18n/i18n.ts';
import { type FeatureScreens, routesOf } from '../../lib/paths.ts';
import { loadTexts } from './texts.ts';

/** The deal-flow routes (spec §2) share one screen: the flow decides which of them shows. */
const deal = withTexts(loadTexts, () => import('./deal.tsx'));

export const purchaseScreens: FeatureScreens = Object.fromEntries(routesOf('deal').map((name) => [name, deal]));
