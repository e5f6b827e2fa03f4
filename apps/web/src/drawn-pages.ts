// Pages drawn for first visits, kept as long as what they show: a flood of visits to one machine's QR code
// is drawn once per machine page read, not once per visit (issue 32 point 13).
import { LRUCache } from 'lru-cache';
import type { MachinePage } from './lib/machine-page.ts';

/** Pages kept at once, and their total size: the least recently sent go first. */
export const DRAWN_PAGES_KEPT = 100;
export const DRAWN_PAGES_KEPT_BYTES = 16 * 1024 * 1024;

export interface DrawnPage {
  readonly html: string;
  /** The machine page it shows, whose cookie each answer sets again. */
  readonly machinePage: MachinePage | null;
}

/** A page just drawn, and how long it may serve others: never longer than the read it shows. */
export interface Drawing {
  readonly page: DrawnPage;
  readonly keptMs: number;
}

export interface DrawnPages {
  /**
   * The page of this address in this language: one kept, the one being drawn for another first visit, or
   * the one `draw` makes now (null: the browser draws it, and nothing is kept).
   */
  page(language: string, address: string, draw: () => Promise<Drawing | null>): Promise<DrawnPage | null>;
}

/**
 * Only a visit that brings nothing of its own (no cookie: a first visit, as a QR code's) may be answered with
 * a page drawn for another: its page depends on the address and the language alone. Visits arriving while
 * it is drawn wait for it rather than draw it again.
 */
export function drawnPages(options: { perf?: { now(): number } } = {}): DrawnPages {
  const pages = new LRUCache<string, DrawnPage>({
    max: DRAWN_PAGES_KEPT,
    maxSize: DRAWN_PAGES_KEPT_BYTES,
    sizeCalculation: (page) => Math.max(1, page.html.length),
    ttlResolution: 0,
    ...(options.perf ? { perf: options.perf } : {}),
  });
  const drawing = new Map<string, Promise<DrawnPage | null>>();
  return {
    page(language, address, draw) {
      const key = `${language}\n${address}`;
      const kept = pages.get(key) ?? drawing.get(key);
      if (kept) return Promise.resolve(kept);
      const drawn = draw()
        .then((made) => {
          if (made && made.keptMs > 0) pages.set(key, made.page, { ttl: made.keptMs });
          return made?.page ?? null;
        })
        .finally(() => drawing.delete(key));
      drawing.set(key, drawn);
      return drawn;
    },
  };
}
