import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { examples } from '../../contract/examples.ts';
import type { PendingCardLink } from '../../contract/index.ts';
import { advance as advanceClock } from '../../test-support/clock.ts';
import { cardLinkMachine } from './card-link.machine.ts';
import { cardLinkView } from './card-link.view.ts';

const machine = { ...examples.machine, has_rfid: true, user_type_timeout: 30, bring_near_rfid_timeout: 20 };
const link = (status: string): PendingCardLink => ({ id: 9, status, user_code: '4821', rfid_key: null });

/** The flow over a server whose link answers with `status`, on a clock the test moves. */
function linkAnswering(status: string) {
  const clock = new SimulatedClock();
  const actor = createActor(
    cardLinkMachine.provide({
      actors: {
        createLink: fromPromise(async () => link('in_progress')),
        fetchLink: fromPromise(async () => link(status)),
        cancelLink: fromPromise(async () => {}),
      },
    }),
    { clock, input: { memberId: 17, machine } },
  ).start();
  const advance = (ms: number) => advanceClock(clock, ms);
  return { actor, advance, view: () => cardLinkView(actor.getSnapshot()) };
}

describe('spec §2 RFID routes: what the card-link screens show', () => {
  it('before the member starts: the start screen, no code, no failure', () => {
    const flow = linkAnswering('waiting');

    expect(flow.view()).toMatchObject({ screen: 'start', code: '', error: null });
  });

  it('waiting: the authenticate screen with the code to type and user_type_timeout to type it', async () => {
    const flow = linkAnswering('waiting');

    flow.actor.send({ type: 'link.started' });
    await flow.advance(1_100);

    expect(flow.view()).toMatchObject({ screen: 'authenticate', code: '4821', secondsLeft: 30 });
  });

  it('a failed link: the error screen with its kind (spec §4 pending card link)', async () => {
    const flow = linkAnswering('expired');

    flow.actor.send({ type: 'link.started' });
    await flow.advance(1_100);

    expect(flow.view().screen).toBe('error');
    expect(flow.view().error?.kind).toBe('userTimeout');
  });
});
