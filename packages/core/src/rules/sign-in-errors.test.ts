import { describe, expect, it } from 'vitest';
import { apiErrorWith } from '../api/api-error-with.ts';
import { minutesToWait, signInErrorCode } from './sign-in-errors.ts';

const error = apiErrorWith;

describe('spec §8 sign-in failures become codes', () => {
  it.each([
    ['a wrong code', error({ error_code: 'code_wrong' }), 'code_wrong'],
    ['an expired code', error({ error_code: 'code_expired' }), 'code_expired'],
    ['a code killed by wrong tries', error({ error_code: 'code_killed' }), 'code_killed'],
    ["another provider's locked number", error({ status: 423, error_code: 'phone_locked' }), 'too_many_requests'],
    [
      'code sends paused by a cap on texts (issue 32 point 3)',
      error({ status: 503, error_code: 'code_sends_paused' }),
      'code_sends_paused',
    ],
    ['a 503 that names no cap', error({ status: 503 }), 'unknown'],
    ['a rate-limited resend', error({ status: 429 }), 'too_many_requests'],
    ['a rate-limited code check', error({ status: 429, error_code: 'too_many_requests' }), 'too_many_requests'],
    ['no answer', error({ kind: 'network', status: null }), 'unreachable'],
    ['a timeout', error({ kind: 'timeout', status: null }), 'unreachable'],
    ['anything else', error({ status: 500 }), 'unknown'],
  ])('%s', (_, failure, code) => {
    expect(signInErrorCode(failure)).toBe(code);
  });
});

describe('a paused or rate-limited sign-in says when to try again (Retry-After, in minutes rounded up)', () => {
  it.each([
    ['code_sends_paused', 3_600, 60],
    ['code_sends_paused', 3_599, 60],
    ['too_many_requests', 61, 2],
    ['too_many_requests', 60, 1],
    ['too_many_requests', 1, 1],
    ['too_many_requests', 0, 1],
  ] as const)('%s with Retry-After %d s → %d min', (code, seconds, minutes) => {
    expect(minutesToWait(code, seconds)).toBe(minutes);
  });

  it.each([
    ['code_sends_paused', 60],
    ['too_many_requests', 1],
  ] as const)('%s without Retry-After → the usual %d min', (code, minutes) => {
    expect(minutesToWait(code, null)).toBe(minutes);
  });

  it.each(['code_wrong', 'unreachable', 'unknown', null] as const)('%s names no wait', (code) => {
    expect(minutesToWait(code, 120)).toBeNull();
  });
});
