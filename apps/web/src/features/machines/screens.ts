import { withTexts } from '../../lib/i18n/i18n.ts';
import type { FeatureScreens } from '../../lib/paths.ts';
import { loadTexts } from './texts.ts';

const machineSelection = withTexts(loadTexts, () => import('./machine-selection.tsx'));
const machineInventory = withTexts(loadTexts, () => import('./machine-inventory.tsx'));

export const machinesScreens = {
  machineSelection,
  machineSelectionNew: machineSelection,
  machineInventory,
  machineInventoryRecharged: machineInventory,
  // Spec §2: the inventory opened by its machine's name (machine-inventory.tsx).
  machineByName: machineInventory,
  product: withTexts(loadTexts, () => import('./product.tsx')),
} satisfies FeatureScreens;

/** Any other address. Its texts live in this catalog, not in `/`'s first load. */
export const notFoundScreen = withTexts(loadTexts, () => import('./not-found.tsx'));
