import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import type { RfidDeviceForm } from '../../rules/rfid.ts';
import { rfidDeviceMachine } from './rfid-device.machine.ts';
import { rfidDeviceView } from './rfid-device.view.ts';

const device: RfidDeviceForm = { name: 'Llavero', rfidId: '0012345678', rfidKey: 'A1B2' };

function start(fails = false) {
  const actor = createActor(
    rfidDeviceMachine.provide({
      actors: {
        saveDevice: fromPromise(async () => {
          if (fails)
            throw httpError({ method: 'POST', path: '/x' }, 422, { error: { message: 'Ese id ya existe' } }, null);
        }),
      },
    }),
  ).start();
  const fill = (form: RfidDeviceForm) => {
    for (const field of ['name', 'rfidId', 'rfidKey'] as const) {
      actor.send({ type: 'field.changed', field, value: form[field] });
    }
  };
  return { actor, fill, view: () => rfidDeviceView(actor.getSnapshot()) };
}

describe('spec §2/§5 add RFID device: what the screen shows', () => {
  it('step 1 shows no problem before the member submits', () => {
    const flow = start();
    flow.fill({ ...device, rfidId: '12345' });
    expect(flow.view()).toMatchObject({ form: { rfidId: '12345' }, problems: {}, saving: false });
  });

  it('spec §5: shows each field problem once the member submitted', () => {
    const flow = start();
    flow.fill({ name: '', rfidId: '12345', rfidKey: '' });
    flow.actor.send({ type: 'device.submitted' });
    expect(flow.view().problems).toEqual({
      name: 'rfid_name_missing',
      rfidId: 'rfid_id_length',
      rfidKey: 'rfid_key_missing',
    });
  });

  it('is saving while the device is sent, then step 2 shows success', async () => {
    const flow = start();
    flow.fill(device);
    flow.actor.send({ type: 'device.submitted' });
    expect(flow.view()).toMatchObject({ saving: true, added: false });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('added'));
    expect(flow.view()).toMatchObject({ saving: false, added: true, refused: false });
  });

  it("step 2 shows the API's words when the device was refused", async () => {
    const flow = start(true);
    flow.fill(device);
    flow.actor.send({ type: 'device.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('refused'));
    expect(flow.view()).toMatchObject({ added: false, refused: true, failure: { message: 'Ese id ya existe' } });
  });
});
