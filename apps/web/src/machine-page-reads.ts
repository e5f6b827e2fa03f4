// The machine pages a server reads for its renders, kept a short time: a flood of visits to one machine's
// QR code reads the provider once per MACHINE_PAGE_KEPT_MS, not once per visit (issue 32 point 13).
import { type Api, loadMachineByName } from '@vendo/core';
import { LRUCache } from 'lru-cache';
import { type MachinePage, machinePageOf } from './lib/machine-page.ts';

/**
 * How long a machine page read for one visitor serves the next ones: a price or a product changed at the
 * provider shows on a server-drawn page at most this late (the app reads the machine again once it runs,
 * and a deal is decided by the provider, never by the page).
 */
export const MACHINE_PAGE_KEPT_MS = 10_000;
/** Machines kept at once: the least recently shown go first. */
export const MACHINE_PAGES_KEPT = 200;

interface Reading {
  readonly api: Api;
  /** How long the read may take before the page goes out without it. */
  readonly timeoutMs: number;
}

/**
 * The machine and its products, read as the browser would (spec §7); null when either cannot be read,
 * and the browser renders the screen alone, with its own loading and error states.
 */
async function readMachine(api: Api, name: string, signal: AbortSignal): Promise<MachinePage | null> {
  try {
    const machine = await loadMachineByName(api, name, signal);
    const products = await api.products.list(machine.id, { signal });
    return products.ok ? machinePageOf(machine, products.value.product_server_items) : null;
  } catch {
    // loadMachineByName's ApiError: an unknown machine or a provider that did not answer.
    return null;
  }
}

export interface MachinePageReads {
  /** The page of the machine of that name, in that language, as read at most MACHINE_PAGE_KEPT_MS ago. */
  read(name: string, locale: string, reading: Reading): Promise<MachinePage | null>;
  /** How much longer the page last read for that name and language is kept (0 when it is not). */
  keptFor(name: string, locale: string): number;
}

/**
 * Reads shared by every anonymous visitor (a signed-in member's screens are drawn by the browser): the same
 * read at the same moment goes to the provider once, and a read that failed is not kept.
 */
export function machinePageReads(options: { keptMs?: number; perf?: { now(): number } } = {}): MachinePageReads {
  const pages = new LRUCache<string, MachinePage, Reading>({
    max: MACHINE_PAGES_KEPT,
    ttl: options.keptMs ?? MACHINE_PAGE_KEPT_MS,
    // Each look at the clock asks it (no remembered time): an entry ends when its time is up, not up to 1 ms late.
    ttlResolution: 0,
    ...(options.perf ? { perf: options.perf } : {}),
    fetchMethod: async (key, _stale, { signal, context }) => {
      const name = key.slice(key.indexOf('\n') + 1);
      const read = await readMachine(
        context.api,
        name,
        AbortSignal.any([signal, AbortSignal.timeout(context.timeoutMs)]),
      );
      return read ?? undefined;
    },
  });
  return {
    read: async (name, locale, reading) => (await pages.fetch(`${locale}\n${name}`, { context: reading })) ?? null,
    keptFor: (name, locale) => Math.max(0, pages.getRemainingTTL(`${locale}\n${name}`)),
  };
}
