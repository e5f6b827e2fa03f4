import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import { memberRfidsMachine } from './member-rfids.machine.ts';
import { memberRfidsView } from './member-rfids.view.ts';

const badge = examples.rfid;
const keyring = { ...examples.rfid, id: 5, name: 'Llavero' };

function start(options: { deleteFails?: boolean } = {}) {
  const server = { rfids: [badge, keyring] };
  const actor = createActor(
    memberRfidsMachine.provide({
      actors: {
        loadRfids: fromPromise(async () => server.rfids),
        deleteRfid: fromPromise(async ({ input }: { input: { rfidId: number } }) => {
          if (options.deleteFails) throw new Error('offline');
          server.rfids = server.rfids.filter((rfid) => rfid.id !== input.rfidId);
        }),
      },
    }),
  ).start();
  return { actor, view: () => memberRfidsView(actor.getSnapshot()) };
}

describe('spec §2 /profile: the linked RFID cards and devices shown', () => {
  it('shows none while the list is read', () => {
    const flow = start();
    expect(flow.view()).toEqual({ rfids: [], deleting: null });
  });

  it('shows the linked cards and devices once read', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listed'));
    expect(flow.view()).toEqual({ rfids: [badge, keyring], deleting: null });
  });

  it('marks the one being deleted until the list is read again without it', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listed'));
    flow.actor.send({ type: 'rfid.deleted', rfidId: keyring.id });
    expect(flow.view().deleting).toBe(keyring.id);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listed'));
    expect(flow.view()).toEqual({ rfids: [badge], deleting: null });
  });

  it('a failed delete keeps the list and marks nothing', async () => {
    const flow = start({ deleteFails: true });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listed'));
    flow.actor.send({ type: 'rfid.deleted', rfidId: keyring.id });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listed'));
    expect(flow.view()).toEqual({ rfids: [badge, keyring], deleting: null });
  });
});
