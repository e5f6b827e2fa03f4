import { describe, expect, it } from 'vitest';
import type { ApiError } from '../api/api-error.ts';
import { signInErrorCode } from './sign-in-errors.ts';

const error = (fields: Partial<ApiError>): ApiError => ({
  kind: 'http',
  status: 422,
  method: 'POST',
  path: '/community_members/confirm',
  error_code: null,
  message: null,
  description: null,
  action_text: null,
  redirect_url: null,
  cta_image_url: null,
  email_domain: null,
  additional_information: null,
  field_errors: {},
  retry_after: null,
  issues: [],
  ...fields,
});

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
