import { withTexts } from '../../lib/i18n/i18n.ts';
import { type FeatureScreens, routesOf } from '../../lib/paths.ts';
import { loadTexts } from './texts.ts';

/** The employee-card link routes (spec §2) share one screen: the flow decides which of them shows. */
const cardLink = withTexts(loadTexts, () => import('./card-link.tsx'));

export const rfidScreens: FeatureScreens = {
  ...Object.fromEntries(routesOf('cardLink').map((name) => [name, cardLink])),
  addRfidDevice: withTexts(loadTexts, () => import('./add-rfid-device.tsx')),
};
