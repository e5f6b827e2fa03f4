import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api-error.ts';

describe('Retry-After', () => {
  it.each([
    ['30', 30],
    ['0', 0],
    ['1.2', 2],
    ['', null],
    ['soon', null],
  ] as const)('reads %j as %j seconds', (header, seconds) => {
    expect(parseRetryAfter(header)).toBe(seconds);
  });

  it('reads an HTTP date as the seconds left until it', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');

    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:45 GMT', now)).toBe(45);
  });
});
