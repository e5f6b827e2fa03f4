import { describe, expect, it } from 'vitest';
import { mayAskForRating } from './rating.ts';

const now = new Date('2026-11-21T12:00:00Z');

describe('rating modal: after a delivered deal, at most once per 30 days (Vendo rule, spec §3 displayRatingModal)', () => {
  it('asks a member who was never asked', () => {
    expect(mayAskForRating({ displayRatingModal: true, lastAskedAt: null, now })).toBe(true);
  });

  it('never asks when the member configuration says not to', () => {
    expect(mayAskForRating({ displayRatingModal: false, lastAskedAt: null, now })).toBe(false);
  });

  it('does not ask again within 30 days', () => {
    expect(mayAskForRating({ displayRatingModal: true, lastAskedAt: '2026-10-23T12:00:01Z', now })).toBe(false);
  });

  it('asks again once 30 days have passed', () => {
    expect(mayAskForRating({ displayRatingModal: true, lastAskedAt: '2026-10-22T12:00:00Z', now })).toBe(true);
  });

  it('treats an unreadable stored time as never asked', () => {
    expect(mayAskForRating({ displayRatingModal: true, lastAskedAt: 'yesterday-ish', now })).toBe(true);
  });
});
