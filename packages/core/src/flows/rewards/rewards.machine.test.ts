import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import { examples } from '../../contract/examples.ts';
import { settle } from '../../test-support/clock.ts';
import { type Rewards, type RewardsInput, rewardsMachine } from './rewards.machine.ts';
import { rewardsView } from './rewards.view.ts';

const read: Rewards = { programs: [examples.stampCard, examples.topUpBonus], bonus: [] };

function start(answers: (() => Promise<Rewards>)[], machineId: number | null = 7) {
  const asked: RewardsInput[] = [];
  const actor = createActor(
    rewardsMachine.provide({
      actors: {
        loadRewards: fromPromise<Rewards, RewardsInput>(async ({ input }) => {
          asked.push(input);
          return (answers.shift() ?? (async () => read))();
        }),
      },
    }),
    { input: { memberId: 17, machineId } },
  ).start();
  return { actor, asked, view: () => rewardsView(actor.getSnapshot()) };
}

describe('issue 36 point 3: the rewards a screen shows', () => {
  it("reads the machine's programs for the member", async () => {
    const screen = start([]);

    await settle();

    expect([screen.asked, screen.view().stampCards.length, screen.view().topUpBonuses.length]).toEqual([
      [{ memberId: 17, machineId: 7 }],
      1,
      1,
    ]);
  });

  it('shows none of it where the provider has no programs (404)', async () => {
    const screen = start([() => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, {}, null))]);

    await settle();

    expect([screen.view().none, screen.view().programs]).toEqual([true, []]);
  });

  it('reads again when asked after the server did not answer', async () => {
    const screen = start([() => Promise.reject(transportError({ method: 'GET', path: '/x' }, 'network', 'down'))]);
    await settle();
    const first = screen.view().problem;

    screen.actor.send({ type: 'rewards.retried' });
    await settle();

    expect([first, screen.view().programs.length]).toEqual(['unreachable', 2]);
  });

  it('keeps showing the last read while it reads again after a purchase', async () => {
    const screen = start([]);
    await settle();

    screen.actor.send({ type: 'rewards.reread' });

    expect([screen.view().loading, screen.view().programs.length]).toEqual([false, 2]);
  });
});
