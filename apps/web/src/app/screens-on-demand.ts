import { accountScreens } from '../features/account/screens.ts';
import { walletScreens } from '../features/wallet/screens.ts';
import type { FeatureScreens } from '../lib/paths.ts';

/**
 * The account's and the wallet's screens, reached from a machine or the menu rather than landed on: their
 * loaders (each with its list of chunks to preload and its texts) arrive in this module, the first time one of
 * them is wanted or once the first screen has painted (routes.tsx), not with `/`'s first load.
 */
export const screensOnDemand: FeatureScreens = { ...accountScreens, ...walletScreens };
