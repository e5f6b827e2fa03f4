import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { firstLoginView } from './login.first-view.ts';
import { firstLoginViewOf } from './login.first-view-of.ts';
import { loginMachine } from './login.machine.ts';
import type { LoginInput } from './login.types.ts';
import { loginView } from './login.view.ts';

describe('spec §2 `/`: the login flow drawn before its code has loaded', () => {
  it('is the view of a login flow started with no input', () => {
    const actor = createActor(loginMachine, { input: {} });

    const view = loginView(actor.getSnapshot());

    expect(firstLoginView).toEqual(view);
  });

  it('is the view of the first view read from no input', () => {
    expect(firstLoginView).toEqual(firstLoginViewOf({}));
  });
});

describe('issue 31: the first view of a sign-in started from a page the browser sent itself', () => {
  it.each<[string, LoginInput]>([
    [
      'a refused form',
      {
        country: '+1',
        phone: '55123',
        privacyAccepted: false,
        problems: { phone: 'phone_length', privacy: 'privacy_required' },
      },
    ],
    [
      'a send the server refused',
      { country: '+52', phone: '5512345678', privacyAccepted: true, error: 'too_many_requests', retryAfter: 120 },
    ],
    ['a code already sent', { country: '+52', phone: '5512345678', privacyAccepted: true, resendIn: 17 }],
    ['a code sent over a minute ago', { country: '+52', phone: '5512345678', privacyAccepted: true, resendIn: 0 }],
  ])('is the view of the flow started from %s', (_, input) => {
    const actor = createActor(loginMachine, { input });

    expect(firstLoginViewOf(input)).toEqual(loginView(actor.getSnapshot()));
  });
});
