import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMonthYear } from './dates.ts';

const afternoon = '2026-11-22T21:05:00Z';
const mexicoCity = 'America/Mexico_City';

describe('dates are written one way across history, profile and references (issue 15 point 17)', () => {
  it('writes day, short month, year and a 24-hour time in Spanish', () => {
    expect(formatDateTime(afternoon, 'es', mexicoCity)).toBe('22 nov 2026, 15:05');
  });

  it('writes them the English way in English', () => {
    expect(formatDateTime(afternoon, 'en', mexicoCity).replace(/\s/g, ' ')).toBe('Nov 22, 2026, 3:05 PM');
  });

  it('never ends in a period, so a sentence after it never doubles one (issue 15 point 16)', () => {
    expect(formatDateTime(afternoon, 'es', mexicoCity)).not.toMatch(/\.$/);
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDateTime('not a date', 'es')).toBe('');
  });
});

describe('a birth date is shown as its month and year (spec §2 /profile)', () => {
  it.each([
    ['es', 'noviembre de 1990'],
    ['en', 'November 1990'],
  ] as const)('in %s: %s', (locale, shown) => {
    expect(formatMonthYear('1990-11-05', locale)).toBe(shown);
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatMonthYear('', 'es')).toBe('');
  });
});
