import { describe, expect, it } from 'vitest';
import { phoneDigits, signInProblems } from './sign-in.ts';

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

describe('spec §9 phone is 10 digits', () => {
  it.each([
    ['55 1234 5678', '5512345678'],
    ['(55) 1234-5678', '5512345678'],
    ['551234567890', '5512345678'],
    ['abc', ''],
  ])('keeps the digits of %j', (input, digits) => {
    expect(phoneDigits(input)).toBe(digits);
  });
});
