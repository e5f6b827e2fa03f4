import { lazy } from 'react';
import { withTexts } from '../../lib/i18n/i18n.ts';
import { loadTexts } from './texts.ts';

/**
 * Issue 37 point 3: a credited top-up's invoice, on its receipt. Its code and texts load with the receipt that
 * shows it, never with the app's first paint.
 */
export const TopUpInvoice = lazy(withTexts(loadTexts, () => import('./top-up-invoice.tsx')));
