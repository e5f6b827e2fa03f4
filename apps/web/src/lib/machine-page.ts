import type { ProductServer, ProductServerItem } from '@vendo/core';

/**
 * A machine's first screen as the server read it (issue 19): the machine and its products, embedded once
 * in the page it rendered so the browser takes the screen over without reading either again.
 */
export interface MachinePage {
  readonly machine: ProductServer;
  readonly items: readonly ProductServerItem[];
}

const elementId = 'vendo-machine';

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
  Array.isArray(page.items);

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
