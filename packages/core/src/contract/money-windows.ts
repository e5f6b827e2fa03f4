/**
 * Issue 37: "the month" and every date of money coming in and going out are Mexico City's (machine.ts's default
 * zone too). Written here, not imported from machine.ts, so a screen that judges a date carries no schema.
 */
export const moneyTimeZone = 'America/Mexico_City';

/** Issue 37 point 1: a store reference can be paid for 72 hours (the provider's setting; this is its default). */
export const referenceLifetimeHours = 72;

const months = new Map<string, Intl.DateTimeFormat>();

/** The calendar month (`YYYY-MM`) an instant falls in, in a time zone (Mexico City's unless told). */
export function monthIn(instant: Date, timeZone: string = moneyTimeZone): string {
  let format = months.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
    months.set(timeZone, format);
  }
  return format.format(instant).slice(0, 7);
}

/**
 * Issue 37 point 3: an invoice of a top-up is asked for within the month it was paid, Mexico City's month: a
 * top-up paid at 23:30 on 31 January there can be invoiced until the end of January, not on 1 February.
 */
export const invoiceWindowOpen = (paidAt: Date, now: Date) => monthIn(paidAt) === monthIn(now);

/** What is left of a pending payment's time: whole hours and minutes, or expired at or after `expiresAt`. */
export function timeLeft(expiresAt: Date, now: Date) {
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return { expired: true, hours: 0, minutes: 0 };
  const minutes = Math.ceil(ms / 60_000);
  return { expired: false, hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** When a store reference issued at `issuedAt` expires. */
export const referenceExpiresAt = (issuedAt: Date, lifetimeHours: number = referenceLifetimeHours) =>
  new Date(issuedAt.getTime() + lifetimeHours * 3_600_000);
