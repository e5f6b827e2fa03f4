import { describe, expect, it } from 'vitest';
import { invoiceWindowOpen, monthIn, referenceExpiresAt, timeLeft } from './money-windows.ts';

describe("issue 37: the month is Mexico City's", () => {
  it('puts 05:30 UTC on 1 February in January, 23:30 the night before in Mexico City', () => {
    expect(monthIn(new Date('2027-02-01T05:30:00Z'))).toBe('2027-01');
  });

  it('puts 06:00 UTC on 1 February in February (midnight in Mexico City)', () => {
    expect(monthIn(new Date('2027-02-01T06:00:00Z'))).toBe('2027-02');
  });
});

describe('issue 37 point 3: an invoice within the month the top-up was paid', () => {
  const paid = new Date('2027-02-01T05:30:00Z'); // 31 January, 23:30 in Mexico City

  it('is open later the same Mexico City day, though UTC has turned to February', () => {
    expect(invoiceWindowOpen(paid, new Date('2027-02-01T05:59:00Z'))).toBe(true);
  });

  it('is closed from 1 February in Mexico City', () => {
    expect(invoiceWindowOpen(paid, new Date('2027-02-01T06:00:00Z'))).toBe(false);
  });
});

describe('issue 37 point 1: a store reference lives 72 hours', () => {
  const issued = new Date('2027-03-01T12:00:00Z');

  it('expires 72 hours after it was issued', () => {
    expect(referenceExpiresAt(issued).toISOString()).toBe('2027-03-04T12:00:00.000Z');
  });

  it('says 71 h 30 min left half an hour after it was issued', () => {
    expect(timeLeft(referenceExpiresAt(issued), new Date('2027-03-01T12:30:00Z'))).toEqual({
      expired: false,
      hours: 71,
      minutes: 30,
    });
  });

  it('counts a part of a minute as a minute, so the last seconds never read 0 min', () => {
    expect(timeLeft(referenceExpiresAt(issued), new Date('2027-03-04T11:59:30Z'))).toEqual({
      expired: false,
      hours: 0,
      minutes: 1,
    });
  });

  it('is expired at the 72nd hour', () => {
    expect(timeLeft(referenceExpiresAt(issued), referenceExpiresAt(issued)).expired).toBe(true);
  });
});
