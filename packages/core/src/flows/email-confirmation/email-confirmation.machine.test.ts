import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import { settle } from '../../test-support/clock.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { emailConfirmationMachine } from './email-confirmation.machine.ts';
import { emailConfirmationView } from './email-confirmation.view.ts';

const refused = (error_code: string) =>
  httpError({ method: 'POST', path: '/x' }, 422, { error: { error_code, message: 'No' } }, null);

function start(token: string | null, answers: (() => Promise<void>)[]) {
  const sent: string[] = [];
  const { session, told } = toldSession();
  const actor = createActor(
    emailConfirmationMachine.provide({
      actors: {
        confirm: fromPromise(async ({ input }: { input: { token: string } }) => {
          sent.push(input.token);
          await (answers.shift() ?? (async () => {}))();
        }),
      },
    }),
    { input: { token, session } },
  ).start();
  return { actor, sent, told, view: () => emailConfirmationView(actor.getSnapshot()) };
}

describe('issue 35 point 4: the link of a confirmation e-mail', () => {
  it("confirms the address with the link's token, and has the session read the member again", async () => {
    const page = start('tok-1', []);

    await settle();

    expect([page.sent, page.view().confirmed, page.told]).toEqual([['tok-1'], true, [{ type: 'member.refresh' }]]);
  });

  it.each([
    ['email_confirmation_invalid', 'email_confirmation_invalid'],
    ['email_confirmation_expired', 'email_confirmation_expired'],
    ['something_else', 'unknown'],
  ])('says why a refused link (%s) confirms nothing', async (code, problem) => {
    const page = start('tok-2', [() => Promise.reject(refused(code))]);

    await settle();

    expect(page.view().problem).toBe(problem);
    expect(page.told).toEqual([]);
  });

  it('tries again a link the server could not be reached for', async () => {
    const page = start('tok-3', [
      () => Promise.reject(transportError({ method: 'POST', path: '/x' }, 'network', 'down')),
    ]);
    await settle();
    const first = page.view().problem;

    page.actor.send({ type: 'confirmation.retried' });
    await settle();

    expect([first, page.view().confirmed, page.sent]).toEqual(['unreachable', true, ['tok-3', 'tok-3']]);
  });

  it('asks nothing of the server for a link without a token', async () => {
    const page = start(null, []);

    await settle();

    expect([page.view().missing, page.sent]).toEqual([true, []]);
  });
});
