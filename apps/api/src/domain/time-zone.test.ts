import { describe, expect, it } from 'vitest';
import { isoInZone } from './time-zone.ts';

describe("an instant written as a clock in the machine's zone showed it (issue 35 point 3)", () => {
  it.each([
    ['America/Mexico_City', '2026-11-21T04:15:20-06:00'],
    ['Asia/Tokyo', '2026-11-21T19:15:20+09:00'],
    ['UTC', '2026-11-21T10:15:20+00:00'],
    ['Asia/Kolkata', '2026-11-21T15:45:20+05:30'],
  ])('in %s: %s, the same instant', (zone, written) => {
    const at = new Date('2026-11-21T10:15:20Z');

    expect(isoInZone(at, zone)).toBe(written);
    expect(new Date(written).getTime()).toBe(at.getTime());
  });

  it('crosses midnight into the next day where the zone is ahead', () => {
    expect(isoInZone(new Date('2026-02-28T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-01T00:30:00+09:00');
  });
});
