import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import type { CreditCard, SignedInMember } from '../../contract/index.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { loginMachine } from './login.machine.ts';
import type { LoginInput } from './login.types.ts';
import { loginView } from './login.view.ts';

const member: SignedInMember = { ...examples.member, gender: 'Mujer', auth_token: 'tok-1' };
const apiError = (fields: Partial<ApiError>) =>
  ({ kind: 'http', status: 422, error_code: null, retry_after: null, ...fields }) as ApiError;

function start(
  fakes: {
    requestCode?: (input: { country: string; phone: string }) => Promise<string | null>;
    confirmCode?: (input: { code: string; challenge: string | null }) => Promise<SignedInMember>;
    loadCards?: () => Promise<CreditCard[]>;
  } = {},
  input: LoginInput = {},
) {
  const requestCode = vi.fn(fakes.requestCode ?? (async () => 'challenge-1'));
  const confirmCode = vi.fn(fakes.confirmCode ?? (async () => member));
  const loadCards = vi.fn(fakes.loadCards ?? (async () => [examples.card]));
  const clock = new SimulatedClock();
  // The session the confirmed sign-in starts: what it was told, in order.
  const { session, told: signedIn } = toldSession();
  const actor = createActor(
    loginMachine.provide({
      actors: {
        requestCode: fromPromise(({ input }) => requestCode(input)),
        confirmCode: fromPromise(({ input }) => confirmCode(input)),
        loadCards: fromPromise(() => loadCards()),
      },
    }),
    { input: { ...input, session }, clock },
  );
  actor.start();
  return { actor, clock, requestCode, confirmCode, loadCards, signedIn, view: () => loginView(actor.getSnapshot()) };
}

/** The simulated clock fires only what is due when it moves, so a countdown moves a second at a time. */
function advanceSeconds(clock: SimulatedClock, seconds: number) {
  for (let second = 0; second < seconds; second++) clock.increment(1_000);
}

async function toCodeScreen(flow: ReturnType<typeof start>) {
  flow.actor.send({ type: 'phone.changed', phone: '55 1234 5678' });
  flow.actor.send({ type: 'privacy.changed', accepted: true });
  flow.actor.send({ type: 'phone.submitted' });
  await waitFor(flow.actor, (snapshot) => snapshot.matches('code'));
}

describe('spec §4 login flow: phone', () => {
  it('starts on the phone screen with +52 (spec §9 default country)', () => {
    const flow = start();
    expect(flow.view()).toMatchObject({ screen: 'phone', step: 0, country: '+52' });
  });

  it('flags the offending fields and sends nothing (spec §5)', () => {
    const flow = start();
    flow.actor.send({ type: 'phone.changed', phone: '55123' });
    flow.actor.send({ type: 'country.changed', country: '+++' });
    flow.actor.send({ type: 'phone.submitted' });
    expect(flow.view().problems).toEqual({
      country: 'country_required',
      phone: 'phone_length',
      privacy: 'privacy_required',
    });
    expect(flow.requestCode).not.toHaveBeenCalled();
  });

  it('asks for a code for the country and 10-digit phone', async () => {
    const flow = start();
    await toCodeScreen(flow);
    expect(flow.requestCode).toHaveBeenCalledWith({ country: '+52', phone: '5512345678' });
    expect(flow.view()).toMatchObject({ screen: 'code', step: 1, resendIn: 60, canResend: false });
  });

  it('keeps the typed phone and says why when the code cannot be sent', async () => {
    const flow = start({ requestCode: () => Promise.reject(apiError({ status: 429, retry_after: 120 })) });
    flow.actor.send({ type: 'phone.changed', phone: '5512345678' });
    flow.actor.send({ type: 'privacy.changed', accepted: true });
    flow.actor.send({ type: 'phone.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('phone') && snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ phone: '5512345678', error: 'too_many_requests', retryAfter: 120 });
  });

  it('names an unreachable API as such', async () => {
    const flow = start({ requestCode: () => Promise.reject(apiError({ kind: 'network', status: null })) });
    flow.actor.send({ type: 'phone.changed', phone: '5512345678' });
    flow.actor.send({ type: 'privacy.changed', accepted: true });
    flow.actor.send({ type: 'phone.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view().error).toBe('unreachable');
  });
});

describe('spec §4 resend: 60 seconds, then enabled; the back arrow after the countdown', () => {
  it('keeps resend disabled for 59 seconds', async () => {
    const flow = start();
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 59);
    expect(flow.view()).toMatchObject({ resendIn: 1, canResend: false });
  });

  it('enables resend at 60 seconds', async () => {
    const flow = start();
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 60);
    expect(flow.view()).toMatchObject({ resendIn: 0, canResend: true });
  });

  it('ignores going back to the phone during the countdown', async () => {
    const flow = start();
    await toCodeScreen(flow);
    flow.actor.send({ type: 'phone.edit' });
    expect(flow.view().screen).toBe('code');
  });

  it('goes back to the phone, still typed, after the countdown', async () => {
    const flow = start();
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 60);
    flow.actor.send({ type: 'phone.edit' });
    expect(flow.view()).toMatchObject({ screen: 'phone', phone: '5512345678' });
  });

  it('sends a new code and starts the countdown again', async () => {
    const flow = start();
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 60);
    flow.actor.send({ type: 'code.resend' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches({ code: 'counting' }));
    expect(flow.requestCode).toHaveBeenCalledTimes(2);
    expect(flow.view()).toMatchObject({ resendIn: 60, canResend: false });
  });
});

describe('spec §4 login flow: code', () => {
  it('verifies as soon as the 4th digit is typed', async () => {
    const flow = start();
    await toCodeScreen(flow);
    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.confirmCode).toHaveBeenCalledWith({
      country: '+52',
      phone: '5512345678',
      code: '4821',
      challenge: 'challenge-1',
    });
  });

  it('announces the new session with the token the moment the code is confirmed', async () => {
    const flow = start();
    await toCodeScreen(flow);
    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.signedIn).toEqual([{ type: 'session.started', token: 'tok-1', member }]);
  });

  it('issue 15 point 8: keeps a wrong code (the screen selects it, so typing replaces it) and shows why', async () => {
    const flow = start({ confirmCode: () => Promise.reject(apiError({ error_code: 'code_wrong' })) });
    await toCodeScreen(flow);
    flow.actor.send({ type: 'code.changed', code: '1111' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ screen: 'code', error: 'code_wrong', code: '1111', phone: '5512345678' });
  });

  it('keeps counting down after a wrong code', async () => {
    const flow = start({ confirmCode: () => Promise.reject(apiError({ error_code: 'code_wrong' })) });
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 10);
    flow.actor.send({ type: 'code.changed', code: '1111' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ resendIn: 50, canResend: false });
  });

  it('drops anything but digits from the code', async () => {
    const flow = start();
    await toCodeScreen(flow);
    flow.actor.send({ type: 'code.changed', code: '4a8' });
    expect(flow.view().code).toBe('48');
  });
});

describe('paused sends (503) or too many attempts (429) say when to try again, where they happened', () => {
  const paused = apiError({ status: 503, error_code: 'code_sends_paused', retry_after: 3_600 });
  const limited = apiError({ status: 429, error_code: 'too_many_requests', retry_after: 90 });

  it('a send refused by a cap on texts stays on the phone screen, phone kept, with the minutes left (issue 32 point 3)', async () => {
    const flow = start({ requestCode: () => Promise.reject(paused) });
    flow.actor.send({ type: 'phone.changed', phone: '5512345678' });
    flow.actor.send({ type: 'privacy.changed', accepted: true });
    flow.actor.send({ type: 'phone.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({
      screen: 'phone',
      phone: '5512345678',
      error: 'code_sends_paused',
      waitMinutes: 60,
    });
  });

  it('a code check refused for too many attempts keeps the code, never checked, for after the wait', async () => {
    const flow = start({ confirmCode: () => Promise.reject(limited) });
    await toCodeScreen(flow);
    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ screen: 'code', code: '4821', error: 'too_many_requests', waitMinutes: 2 });
  });

  it('a resend refused for too many requests stays on the code screen with the minutes left', async () => {
    let sent = 0;
    const flow = start({ requestCode: () => (++sent === 1 ? Promise.resolve(null) : Promise.reject(limited)) });
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 60);
    flow.actor.send({ type: 'code.resend' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ screen: 'code', error: 'too_many_requests', waitMinutes: 2 });
  });

  it('names no wait for a failure that does not pass by itself', async () => {
    const flow = start({ confirmCode: () => Promise.reject(apiError({ error_code: 'code_wrong', retry_after: 60 })) });
    await toCodeScreen(flow);
    flow.actor.send({ type: 'code.changed', code: '1111' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ error: 'code_wrong', waitMinutes: null });
  });
});

describe('spec §4 login flow: after the code', () => {
  async function signIn(flow: ReturnType<typeof start>) {
    await toCodeScreen(flow);
    flow.actor.send({ type: 'code.changed', code: '4821' });
  }

  it('ends signed in when the profile is complete and a card is saved', async () => {
    const flow = start();
    await signIn(flow);
    const done = await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ next: 'home' });
  });

  it('asks to complete the profile when the name or email is missing (step 3)', async () => {
    const flow = start({ confirmCode: async () => ({ ...member, email: null }) });
    await signIn(flow);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('completeProfile'));
    flow.actor.send({ type: 'profile.complete' });
    expect(flow.view().step).toBe(3);
    expect(flow.actor.getSnapshot().output).toEqual({ next: 'editProfile' });
  });

  it('prompts to add a card when the member has none (step 2)', async () => {
    const flow = start({ loadCards: async () => [] });
    await signIn(flow);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('addCardPrompt'));
    expect(flow.view().step).toBe(2);
    flow.actor.send({ type: 'card.add' });
    expect(flow.actor.getSnapshot().output).toEqual({ next: 'addCard' });
  });

  it('never blocks a sign-in on the card check', async () => {
    const flow = start({ loadCards: () => Promise.reject(apiError({ kind: 'network' })) });
    await signIn(flow);
    const done = await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ next: 'home' });
  });
});

describe('issue 31: a sign-in started from a page the browser sent itself', () => {
  it('starts on the code screen of a code already sent, its resend wait where it stands (spec §4: 60 s)', () => {
    const flow = start({}, { country: '+52', phone: '5512345678', privacyAccepted: true, resendIn: 42 });

    expect(flow.view()).toMatchObject({ screen: 'code', step: 1, phone: '5512345678', resendIn: 42, canResend: false });
  });

  it('offers the resend once what was left of the wait has passed, and sends no code before', () => {
    const flow = start({}, { country: '+52', phone: '5512345678', privacyAccepted: true, resendIn: 3 });

    advanceSeconds(flow.clock, 3);

    expect(flow.view()).toMatchObject({ screen: 'code', canResend: true, resendIn: 0 });
    expect(flow.requestCode).not.toHaveBeenCalled();
  });

  it('confirms the code on the phone the page sent it to', async () => {
    const flow = start({}, { country: '+52', phone: '5512345678', privacyAccepted: true, resendIn: 60 });

    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.confirmCode).toHaveBeenCalledWith({
      country: '+52',
      phone: '5512345678',
      code: '4821',
      challenge: null,
    });
  });

  it('keeps a refused form as the page showed it, and sends it once corrected', async () => {
    const flow = start(
      {},
      { country: '+52', phone: '55123', privacyAccepted: true, problems: { phone: 'phone_length' } },
    );
    expect(flow.view()).toMatchObject({ screen: 'phone', phone: '55123', problems: { phone: 'phone_length' } });

    flow.actor.send({ type: 'phone.changed', phone: '5512345678' });
    flow.actor.send({ type: 'phone.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('code'));

    expect(flow.requestCode).toHaveBeenCalledWith({ country: '+52', phone: '5512345678' });
  });
});

describe('issue 32 points 1 and 2: a code goes back with the challenge of the send that asked for it', () => {
  it('sends the challenge the send answered with the code', async () => {
    const flow = start({ requestCode: async () => 'challenge-a' });
    await toCodeScreen(flow);

    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.confirmCode).toHaveBeenCalledWith(expect.objectContaining({ code: '4821', challenge: 'challenge-a' }));
  });

  it("sends the resent code with the resend's challenge", async () => {
    const challenges = ['challenge-a', 'challenge-b'];
    const flow = start({ requestCode: async () => challenges.shift() ?? null });
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 60);
    flow.actor.send({ type: 'code.resend' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('code') && snapshot.context.resendIn === 60);

    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.confirmCode).toHaveBeenCalledWith(expect.objectContaining({ challenge: 'challenge-b' }));
  });

  it('keeps the first challenge when a resend is refused: its code still works', async () => {
    let sent = 0;
    const refused = apiError({ status: 429, error_code: 'too_many_requests', retry_after: 90 });
    const flow = start({
      requestCode: () => (++sent === 1 ? Promise.resolve('challenge-a') : Promise.reject(refused)),
    });
    await toCodeScreen(flow);
    advanceSeconds(flow.clock, 60);
    flow.actor.send({ type: 'code.resend' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);

    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.confirmCode).toHaveBeenCalledWith(expect.objectContaining({ challenge: 'challenge-a' }));
  });

  it('sends no challenge for a provider that answers none', async () => {
    const flow = start({ requestCode: async () => null });
    await toCodeScreen(flow);

    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.confirmCode).toHaveBeenCalledWith(expect.objectContaining({ challenge: null }));
  });

  it('confirms a code a page sent before the flow ran with the challenge that page kept (issue 31)', async () => {
    const flow = start({}, { country: '+52', phone: '5512345678', resendIn: 60, challenge: 'challenge-page' });

    flow.actor.send({ type: 'code.changed', code: '4821' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.confirmCode).toHaveBeenCalledWith(expect.objectContaining({ challenge: 'challenge-page' }));
  });
});
