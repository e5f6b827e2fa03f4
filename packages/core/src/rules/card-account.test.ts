import { describe, expect, it } from 'vitest';
import { accountMatch, credentialsOf, maskPhone } from './card-account.ts';

describe('spec §2 /add-payment-method-mobile: whose account a card goes to is shown by a masked phone', () => {
  it.each([
    ['5512345678', '•••• •••• 5678'],
    ['+52 55 8765 4321', '•••• •••• 4321'],
    ['(55) 1234-0009', '•••• •••• 0009'],
    ['12345', '•••• •••• 2345'],
    ['1234', '•••• ••••'],
    ['', '•••• ••••'],
  ])('%j → %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe('spec §2 /add-payment-method-mobile: a session is an id and its token, together', () => {
  it.each([
    ['17', 'tok-17', { memberId: 17, token: 'tok-17' }],
    ['17', '', null],
    ['17', null, null],
    [undefined, 'tok-17', null],
    ['', 'tok-17', null],
    ['0', 'tok-17', null],
    ['-3', 'tok-17', null],
    ['17.5', 'tok-17', null],
    ['abc', 'tok-17', null],
  ] as const)('id %j with token %j → %j', (memberId, token, credentials) => {
    expect(credentialsOf(memberId, token)).toEqual(credentials);
  });
});

describe("spec §2 /add-payment-method-mobile: the browser's session beside the link's account", () => {
  const link = { memberId: 17, token: 'tok-17' };
  it.each([
    ['no session in the browser', null, 'none'],
    ['the same member, same token', { memberId: 17, token: 'tok-17' }, 'same'],
    ['the same member, another session of theirs', { memberId: 17, token: 'tok-other' }, 'same'],
    ['another member', { memberId: 42, token: 'tok-42' }, 'different'],
    ["another member's id with the link's token", { memberId: 42, token: 'tok-17' }, 'different'],
  ] as const)('%s → %s', (_, browser, match) => {
    expect(accountMatch(browser, link)).toBe(match);
  });
});
