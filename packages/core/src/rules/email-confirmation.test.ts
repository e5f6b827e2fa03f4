import { describe, expect, it } from 'vitest';
import { apiErrorWith } from '../api/api-error-with.ts';
import { confirmationToken, emailConfirmationErrorCode } from './email-confirmation.ts';

const error = apiErrorWith;

describe('e-mail confirmation refusals become codes (issue 35 point 4)', () => {
  it.each([
    [
      'an unknown, used or replaced link',
      error({ status: 422, error_code: 'email_confirmation_invalid' }),
      'email_confirmation_invalid',
    ],
    [
      'a link older than 48 hours',
      error({ status: 422, error_code: 'email_confirmation_expired' }),
      'email_confirmation_expired',
    ],
    [
      'a resend too soon or too often',
      error({ status: 429, error_code: 'email_confirmation_limited' }),
      'email_confirmation_limited',
    ],
    [
      'confirmations from one address rate-limited',
      error({ status: 429, error_code: 'too_many_requests' }),
      'too_many_requests',
    ],
    ['no answer', error({ kind: 'network', status: null }), 'unreachable'],
    ['anything else', error({ status: 500 }), 'unknown'],
  ])('%s', (_, failure, code) => {
    expect(emailConfirmationErrorCode(failure)).toBe(code);
  });
});

describe("the confirmation page reads its link's token from the query (issue 35 point 4)", () => {
  it.each([
    ['?token=Xq2v9Zr0bM2kT7wLpA4sHc', 'Xq2v9Zr0bM2kT7wLpA4sHc'],
    ['?utm=mail&token=abc_DEF-123', 'abc_DEF-123'],
    ['', null],
    ['?token=', null],
    ['?token=%3Cscript%3E', null],
    [`?token=${'a'.repeat(129)}`, null],
  ])('%s → %s', (search, token) => {
    expect(confirmationToken(search)).toBe(token);
  });
});
