import type { StoragePort } from '@vendo/core';
import { describe, expect, it } from 'vitest';
import { loginInputLeft, SIGN_IN_LEFT_KEY } from './sign-in-left.ts';

const storageWith = (left: object): StoragePort => ({
  read: (key) => (key === SIGN_IN_LEFT_KEY ? JSON.stringify(left) : null),
  write: () => {},
  remove: () => {},
});

const sent = { country: '+52', phone: '5512345678', privacyAccepted: true, sentAt: 1_000 };

describe("issue 32 point 1: the code screen after a sent form sends back its send's challenge", () => {
  it('starts the flow with the challenge the send answered', () => {
    const input = loginInputLeft(storageWith({ ...sent, challenge: 'q3Vx9Zr0bM2kT7wLpA4sHc' }), 2_000);

    expect(input).toMatchObject({ phone: '5512345678', resendIn: 59, challenge: 'q3Vx9Zr0bM2kT7wLpA4sHc' });
  });

  it('drops a challenge no provider would answer (changed by hand)', () => {
    expect(loginInputLeft(storageWith({ ...sent, challenge: 'x'.repeat(65) }), 2_000)).not.toHaveProperty('challenge');
    expect(loginInputLeft(storageWith({ ...sent, challenge: 7 }), 2_000)).not.toHaveProperty('challenge');
  });
});
