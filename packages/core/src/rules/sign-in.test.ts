import { describe, expect, it } from 'vitest';
import { readPhone, resendInAfter, signInProblems } from './sign-in.ts';

const valid = { country: '+52', phone: '5512345678', privacyAccepted: true };

describe('spec §5 sign-in validation', () => {
  it.each([
    ['a complete form', valid, {}],
    ['9 digits', { ...valid, phone: '551234567' }, { phone: 'phone_length' }],
    ['11 digits', { ...valid, phone: '55123456789' }, { phone: 'phone_length' }],
    ['letters', { ...valid, phone: '55123abcde' }, { phone: 'phone_length' }],
    ['the +++ placeholder country', { ...valid, country: '+++' }, { country: 'country_required' }],
    ['an unknown country', { ...valid, country: '+44' }, { country: 'country_required' }],
    ['an unticked privacy box', { ...valid, privacyAccepted: false }, { privacy: 'privacy_required' }],
    [
      'everything wrong at once',
      { country: '+++', phone: '', privacyAccepted: false },
      { country: 'country_required', phone: 'phone_length', privacy: 'privacy_required' },
    ],
  ])('flags %s', (_, form, problems) => {
    expect(signInProblems(form)).toEqual(problems);
  });

  it.each(['+52', '+31', '+1', '+972', '+81'])('accepts the country code %s (spec §3)', (country) => {
    expect(signInProblems({ ...valid, country })).toEqual({});
  });
});

describe('spec §9 phone is 10 digits; issue 15 point 6: a pasted or autofilled number is read, never changed', () => {
  it.each([
    ['55 1234 5678', '+52', { phone: '5512345678' }],
    ['(55) 1234-5678', '+52', { phone: '5512345678' }],
    ['55.1234.5678', '+52', { phone: '5512345678' }],
    ['abc', '+52', { phone: '' }],
    ['+52 55 1234 5678', '+52', { phone: '5512345678', country: '+52' }],
    ['+52 55 1234 5678', '+1', { phone: '5512345678', country: '+52' }],
    ['0052 55 1234 5678', '+1', { phone: '5512345678', country: '+52' }],
    ['+1 (415) 555-0123', '+52', { phone: '4155550123', country: '+1' }],
    ['+31 20 123 4567 8', '+52', { phone: '2012345678', country: '+31' }],
    ['+972-50-123-45678', '+52', { phone: '5012345678', country: '+972' }],
    ['+81 90 1234 5678', '+52', { phone: '9012345678', country: '+81' }],
    ['525512345678', '+52', { phone: '5512345678', country: '+52' }],
  ])('reads %j (country %s)', (input, country, reading) => {
    expect(readPhone(input, country)).toEqual(reading);
  });

  it.each([
    ['+44 20 7946 0958', '+52', 'an unknown country code'],
    ['+52 55 1234 567', '+52', 'too few digits after the country code'],
    ['+52 1 55 1234 5678', '+52', 'too many digits after the country code'],
    ['551234567890', '+52', 'more than 10 digits without the country code'],
    ['525512345678', '+1', "another country's code before the number"],
    ['+5', '+52', 'a number still being typed with its country code'],
  ])('refuses %j (%s, %s), kept as typed', (input, country) => {
    expect(readPhone(input, country)).toEqual({ phone: input, problem: 'phone_unreadable' });
  });
});

describe('spec §4 resend wait of a code sent by a page before the flow ran (issue 31)', () => {
  const sentAt = Date.UTC(2026, 10, 27, 17, 0, 0);

  it.each([
    [0, 60],
    [999, 60],
    [1_000, 59],
    [42_500, 18],
    [60_000, 0],
    [3_600_000, 0],
  ])('%i ms after the send leaves %i s', (elapsed, left) => {
    expect(resendInAfter(sentAt, sentAt + elapsed)).toBe(left);
  });

  it('never waits longer than 60 s when the clock that reads it is behind the one that sent', () => {
    expect(resendInAfter(sentAt, sentAt - 300_000)).toBe(60);
  });
});
