import { firstInDisplayOrder, type ProductServer, type ProductServerItem } from '@vendo/core';
import { machinePageId } from './machine-page-id.ts';

/**
 * A machine's first screen as the server read it (issue 19): the machine and its products, embedded once
 * in the page it rendered so the browser takes the screen over without reading either again.
 */
export interface MachinePage {
  readonly machine: ProductServer;
  /** Every product, or only the first screen's when the machine has more than a page embeds. */
  readonly items: readonly ProductServerItem[];
  /** False when `items` are the first screen's alone: the browser reads the rest when the member scrolls to them. */
  readonly complete: boolean;
}

/** The products a large phone's first screen shows: the catalogue draws these first, the server all of them. */
export const FIRST_SCREEN_PRODUCTS = 12;

/**
 * The most product data a page embeds, as JSON text. A slow link's first round trip carries about 14 KB
 * (TCP's initial window); a machine's page with 64 KiB of products stays well within it once compressed
 * (the 35 products of a typical machine: 19 KB, 4.9 KB sent in all), while 500 products (274 KB, 21 KB
 * sent) took one round trip more before anything was painted.
 */
export const EMBEDDED_PRODUCTS_LIMIT = 64 * 1024;

/** What a machine's page holds: every product when they fit, else the first screen's. */
export function machinePageOf(machine: ProductServer, items: readonly ProductServerItem[]): MachinePage {
  if (JSON.stringify(items).length <= EMBEDDED_PRODUCTS_LIMIT) return { machine, items, complete: true };
  return { machine, items: firstInDisplayOrder(items, FIRST_SCREEN_PRODUCTS), complete: false };
}

const elementId = machinePageId;

/**
 * The page's data as a JSON data block, which the page's Content-Security-Policy never runs. `<` is
 * written as its escape, so no product name can close the element or open another.
 */
export function machinePageScript(page: MachinePage): string {
  const json = JSON.stringify(page).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${elementId}">${json}</script>`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The server wrote the page with the provider's answers it had already checked: only the shape is looked at. */
const isMachinePage = (page: unknown): page is MachinePage =>
  isObject(page) &&
  isObject(page.machine) &&
  typeof page.machine.id === 'number' &&
  typeof page.machine.name === 'string' &&
  Array.isArray(page.items) &&
  typeof page.complete === 'boolean';

/** The data a server-rendered page holds, or null (a page the browser renders alone). */
export function readMachinePage(document: Pick<Document, 'getElementById'>): MachinePage | null {
  const text = document.getElementById(elementId)?.textContent;
  if (!text) return null;
  try {
    const page: unknown = JSON.parse(text);
    return isMachinePage(page) ? page : null;
  } catch {
    return null;
  }
}
