import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AutoTopUpSettings } from '../../contract/index.ts';
import { topUpLimits } from '../../rules/top-up.ts';
import { autoTopUpMachine, checkAutoTopUp } from './auto-top-up.machine.ts';

const limits = topUpLimits(null);
const on: AutoTopUpSettings = { enabled: true, threshold: 50, amount: 100, credit_card_id: 9 };

describe('automatic top-up settings (spec §7 update_auto_top_up)', () => {
  it.each([
    [on, null],
    [{ ...on, enabled: false, credit_card_id: null }, null],
    [{ ...on, threshold: -1 }, 'threshold_invalid'],
    [{ ...on, threshold: 49 }, 'threshold_invalid'],
    [{ ...on, threshold: 2001 }, 'threshold_invalid'],
    [{ ...on, threshold: 2000 }, null],
    [{ ...on, amount: 20 }, 'amount_invalid'],
    [{ ...on, amount: 2500 }, 'amount_invalid'],
    [{ ...on, credit_card_id: null }, 'card_missing'],
  ] as const)('%o → %s', (settings, problem) => {
    expect(checkAutoTopUp(settings, limits)).toBe(problem);
  });

  it('saves valid settings and keeps what the API answered', async () => {
    const sent: AutoTopUpSettings[] = [];
    const actor = createActor(
      autoTopUpMachine.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: { memberId: number; settings: AutoTopUpSettings } }) => {
            sent.push(input.settings);
            return input.settings;
          }),
        },
      }),
      { input: { memberId: 17, saved: null, cards: [], limits } },
    ).start();
    actor.send({ type: 'settings.changed', settings: on });
    actor.send({ type: 'save.requested' });
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(sent).toEqual([on]);
  });

  it('flags invalid settings and sends nothing', () => {
    const actor = createActor(autoTopUpMachine, { input: { memberId: 17, saved: null, cards: [], limits } }).start();
    actor.send({ type: 'settings.changed', settings: { ...on, amount: 10 } });
    actor.send({ type: 'save.requested' });
    expect(actor.getSnapshot().context.problem).toBe('amount_invalid');
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
