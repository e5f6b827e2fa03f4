import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import type { RfidDeviceForm } from '../../rules/rfid.ts';
import { rfidDeviceMachine } from './rfid-device.machine.ts';

function start(fails = false) {
  const saved: RfidDeviceForm[] = [];
  const actor = createActor(
    rfidDeviceMachine.provide({
      actors: {
        saveDevice: fromPromise(async ({ input }: { input: RfidDeviceForm }) => {
          saved.push(input);
          if (fails)
            throw httpError({ method: 'POST', path: '/x' }, 422, { error: { message: 'Ese id ya existe' } }, null);
        }),
      },
    }),
  ).start();
  const fill = (form: RfidDeviceForm) => {
    for (const [field, value] of Object.entries(form)) {
      actor.send({ type: 'field.changed', field: field as keyof RfidDeviceForm, value });
    }
  };
  return { actor, saved, fill };
}

describe('spec §2 add RFID device', () => {
  it('lower-cases the key when its field loses focus', () => {
    const flow = start();
    flow.fill({ name: 'Llavero', rfidId: '0012345678', rfidKey: 'A1B2' });
    flow.actor.send({ type: 'key.blurred' });
    expect(flow.actor.getSnapshot().context.form.rfidKey).toBe('a1b2');
  });

  it('refuses an id that is not 10 characters and sends nothing', () => {
    const flow = start();
    flow.fill({ name: 'Llavero', rfidId: '12345', rfidKey: 'a1' });
    flow.actor.send({ type: 'device.submitted' });
    expect(flow.saved).toEqual([]);
    expect(flow.actor.getSnapshot().context.showProblems).toBe(true);
  });

  it('step 2 shows success', async () => {
    const flow = start();
    flow.fill({ name: 'Llavero', rfidId: '0012345678', rfidKey: 'A1B2' });
    flow.actor.send({ type: 'device.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added'));
    expect(flow.saved[0]?.rfidKey).toBe('a1b2');
  });

  it("step 2 shows the API's error message, and what was typed stays", async () => {
    const flow = start(true);
    flow.fill({ name: 'Llavero', rfidId: '0012345678', rfidKey: 'a1' });
    flow.actor.send({ type: 'device.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('refused'));
    expect(flow.actor.getSnapshot().context.failure?.message).toBe('Ese id ya existe');
    flow.actor.send({ type: 'form.reopened' });
    expect(flow.actor.getSnapshot().context.form.name).toBe('Llavero');
  });
});
