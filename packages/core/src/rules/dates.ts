import type { Locale } from '../contract/primitives.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One way to write a moment across history, profile and payment references (issue 15 point 17), in the
 * member's language: "22 nov 2026, 15:05" in Spanish, "Nov 22, 2026, 3:05 PM" in English. Spanish uses
 * the 24-hour clock so a date never ends in "p.m." and a sentence after it never reads "p.m..".
 * `timeZone` is the device's unless given.
 */
export function formatDateTime(moment: string | Date, locale: Locale, timeZone?: string): string {
  const date = moment instanceof Date ? moment : new Date(moment);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${locale}:${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'es' ? 'es-MX' : 'en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(locale === 'es' ? { hourCycle: 'h23' as const } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format.format(date);
}

/**
 * A month of a year in the member's language, as a birth date is shown ("noviembre de 1990",
 * "November 1990"); empty for a date that is not `YYYY-MM…`.
 */
export function formatMonthYear(isoDate: string, locale: Locale): string {
  const [year, month] = isoDate.split('-').map(Number);
  if (!year || !month) return '';
  return new Date(year, month - 1, 1).toLocaleDateString(locale === 'es' ? 'es-MX' : 'en-US', {
    month: 'long',
    year: 'numeric',
  });
}
