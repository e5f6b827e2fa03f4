/** Where the time the rating modal was last shown (ISO) is kept. */
export const RATING_ASKED_AT_KEY = 'vendo.rating';

/** Vendo's rule for the in-app rating modal (the spec leaves it open): at most once per 30 days. */
export const RATING_PAUSE_DAYS = 30;

const dayMs = 86_400_000;

/**
 * How long the member sees the download (or campaign) screen before the rating modal covers it
 * (issue 15 point 5: asked at once, the modal hid the screen's "Download the app" button).
 */
export const RATING_WAIT_MS = 8_000;

/**
 * Spec §3 member configuration displayRatingModal, and Vendo's respectful rule:
 * ask only after a delivered deal, only when the member has not said "never"
 * (displayRatingModal false), and not again within 30 days of the last time.
 */
export function mayAskForRating(options: {
  readonly displayRatingModal: boolean;
  readonly lastAskedAt: string | null;
  readonly now: Date;
}): boolean {
  if (!options.displayRatingModal) return false;
  const last = options.lastAskedAt ? Date.parse(options.lastAskedAt) : Number.NaN;
  if (Number.isNaN(last)) return true;
  return options.now.getTime() - last >= RATING_PAUSE_DAYS * dayMs;
}
