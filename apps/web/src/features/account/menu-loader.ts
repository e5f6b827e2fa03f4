import { withTexts } from '../../lib/i18n/i18n.ts';
import { loadTexts } from './texts.ts';

/** The side menu's code and texts load the first time it opens: most visits never open it. */
export const loadMenu = withTexts(loadTexts, () => import('./app-menu.tsx'));
