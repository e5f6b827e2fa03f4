import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { firstLoginView } from './login.first-view.ts';
import { loginMachine } from './login.machine.ts';
import { loginView } from './login.view.ts';

describe('spec §2 `/`: the login flow drawn before its code has loaded', () => {
  it('is the view of a login flow started with no input', () => {
    const actor = createActor(loginMachine, { input: {} });

    const view = loginView(actor.getSnapshot());

    expect(firstLoginView).toEqual(view);
  });
});
