import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import type { MemberRfid } from '../../contract/index.ts';
import { memberRfidsMachine } from './member-rfids.machine.ts';

describe('spec §2 /profile: linked RFID cards and devices', () => {
  it('lists what the API answers', async () => {
    const rfid = examples.rfid;
    const actor = createActor(
      memberRfidsMachine.provide({ actors: { loadRfids: fromPromise(async () => [rfid]) } }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('listed'));
    expect(actor.getSnapshot().context.rfids).toEqual([rfid]);
  });

  it('a failed read can be retried', async () => {
    let calls = 0;
    const actor = createActor(
      memberRfidsMachine.provide({
        actors: {
          loadRfids: fromPromise(async () => {
            calls++;
            if (calls === 1) throw new Error('offline');
            return [] as MemberRfid[];
          }),
        },
      }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'rfids.retried' });
    await waitFor(actor, (snapshot) => snapshot.matches('listed'));
    expect(calls).toBe(2);
  });
});
