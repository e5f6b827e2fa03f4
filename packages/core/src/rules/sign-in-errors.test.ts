import { describe, expect, it } from 'vitest';
import { apiErrorWith } from '../api/api-error-with.ts';
import { signInErrorCode } from './sign-in-errors.ts';

const error = apiErrorWith;

describe('spec §8 sign-in failures become codes', () => {
  it.each([
    ['a wrong code', error({ error_code: 'code_wrong' }), 'code_wrong'],
    ['an expired code', error({ error_code: 'code_expired' }), 'code_expired'],
    ['a code killed by wrong tries', error({ error_code: 'code_killed' }), 'code_killed'],
    ['a locked number', error({ status: 423 }), 'phone_locked'],
    ['a rate-limited resend', error({ status: 429 }), 'too_many_requests'],
    ['no answer', error({ kind: 'network', status: null }), 'unreachable'],
    ['a timeout', error({ kind: 'timeout', status: null }), 'unreachable'],
    ['anything else', error({ status: 500 }), 'unknown'],
  ])('%s', (_, failure, code) => {
    expect(signInErrorCode(failure)).toBe(code);
  });
});
