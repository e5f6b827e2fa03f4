import {
  CODE_LENGTH,
  codeDigits,
  DEFAULT_COUNTRY,
  type LoginView,
  loginActors,
  loginMachine,
  loginView,
  readPhone,
  type SignInErrorCode,
  type StoredSession,
  sessionActors,
  sessionMachine,
  signInProblems,
} from '@vendo/core';
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import { type CommandContext, type ExitCode, exitCodes, fail } from './context.ts';

type LoginActor = Actor<typeof loginMachine>;

/** A new sign-in starts from no session: the one it makes replaces whatever was kept. */
const nothingKept = fromPromise<StoredSession>(async () => ({ token: null, memberId: null, machineName: null }));

/** The first of the phone's problems (spec §5), in the person's words. */
function phoneProblem(context: CommandContext, phone: string): string | null {
  const reading = readPhone(phone, DEFAULT_COUNTRY);
  const problems = signInProblems({
    country: reading.country ?? DEFAULT_COUNTRY,
    phone: reading.phone,
    privacyAccepted: true,
  });
  const problem = reading.problem ?? problems.phone ?? problems.country;
  return problem ? context.texts.phoneProblems[problem] : null;
}

const signInError = (context: CommandContext, view: LoginView, error: SignInErrorCode) =>
  context.texts.signInErrors[error](view.waitMinutes);

/** Spec §4 login, phone step: the number, the privacy notice accepted, a code asked for. */
async function sendCode(context: CommandContext, flow: LoginActor, given: string | null): Promise<ExitCode | null> {
  const { texts, prompter } = context;
  const phone = given ?? (await prompter.text(texts.phonePrompt, (typed) => phoneProblem(context, typed) ?? undefined));
  if (phone === null) return fail(context, 'cancelled', texts.cancelled);
  const problem = phoneProblem(context, phone);
  if (problem) return fail(context, 'phone_invalid', problem);
  if (prompter.interactive) {
    if ((await prompter.confirm(texts.privacyPrompt)) !== true) {
      return fail(context, 'privacy_required', texts.phoneProblems.privacy_required);
    }
  } else {
    context.out.note(texts.privacyNotice);
  }
  flow.send({ type: 'phone.changed', phone });
  flow.send({ type: 'privacy.changed', accepted: true });
  flow.send({ type: 'phone.submitted' });
  const sent = await waitFor(flow, (snapshot) => !snapshot.matches('sendingCode'));
  const view = loginView(sent);
  if (view.screen === 'phone') {
    const error = view.error ?? 'unknown';
    return fail(context, error, signInError(context, view, error));
  }
  context.out.note(texts.codeSent(`${view.country} ${view.phone}`));
  return null;
}

/** Spec §4 login, code step: 4 digits, checked as soon as they are typed; a wrong one may be typed again. */
async function confirmCode(context: CommandContext, flow: LoginActor): Promise<ExitCode | null> {
  const { texts, prompter } = context;
  const complete = (typed: string) => (codeDigits(typed).length === CODE_LENGTH ? undefined : texts.codeIncomplete);
  for (;;) {
    const code = await prompter.text(texts.codePrompt, complete);
    if (code === null) return fail(context, 'no_code', prompter.interactive ? texts.cancelled : texts.noCode);
    if (complete(code)) {
      context.out.error(texts.codeIncomplete);
      continue;
    }
    flow.send({ type: 'code.changed', code });
    const checked = await waitFor(flow, (snapshot) => !snapshot.matches('verifying'));
    const view = loginView(checked);
    if (view.screen !== 'code' || !view.error) return null;
    // A wrong code may be typed again; any other failure does not pass by typing.
    if (view.error !== 'code_wrong') return fail(context, view.error, signInError(context, view, view.error));
    context.out.error(signInError(context, view, view.error));
  }
}

/**
 * `vendo login`: core's login flow (phone, then the texted code); the session flow keeps the token
 * and member id it gives through the storage port.
 */
export async function login(context: CommandContext, phone: string | null): Promise<ExitCode> {
  const { api, apiFor, storage, texts, out } = context;
  const session = createActor(
    sessionMachine.provide({ actors: { ...sessionActors({ api, storage }), restore: nothingKept } }),
    { input: {} },
  ).start();
  // The confirmed sign-in starts the session: the flow tells it.
  const flow = createActor(loginMachine.provide({ actors: loginActors({ api, apiFor }) }), { input: { session } });
  flow.start();
  try {
    const stopped = (await sendCode(context, flow, phone)) ?? (await confirmCode(context, flow));
    if (stopped !== null) return stopped;
    const signedIn = await waitFor(
      flow,
      (snapshot) =>
        snapshot.status === 'done' || snapshot.matches('completeProfile') || snapshot.matches('addCardPrompt'),
    );
    // Spec §4: a missing name or email, or no card, is a prompt in the app; here, a hint.
    if (signedIn.matches('completeProfile')) out.note(texts.completeProfile);
    if (signedIn.matches('addCardPrompt')) out.note(texts.addCard);
    if (signedIn.status !== 'done') flow.send({ type: 'prompt.skipped' });
    await waitFor(session, (snapshot) => snapshot.matches({ active: { member: 'signedIn' } }));
    const member = signedIn.context.member;
    if (!member) return fail(context, 'unknown', texts.generic);
    const view = loginView(signedIn);
    out.line(
      texts.signedIn(member.name ? `${member.name} (${view.country} ${view.phone})` : `${view.country} ${view.phone}`),
    );
    out.data({
      signed_in: true,
      member_id: member.id,
      name: member.name ?? null,
      phone: `${view.country}${view.phone}`,
    });
    return exitCodes.ok;
  } finally {
    flow.stop();
    session.stop();
  }
}
