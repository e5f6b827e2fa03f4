import type { SnapshotFrom } from 'xstate';
import { checkRfidDevice } from '../../rules/rfid.ts';
import type { RfidDeviceMachine } from './rfid-device.machine.ts';

/** What the add-device screen shows: the form, each field's problem once the member tried, and step 2. */
export function rfidDeviceView(snapshot: SnapshotFrom<RfidDeviceMachine>) {
  const { context } = snapshot;
  return {
    form: context.form,
    problems: context.showProblems ? checkRfidDevice(context.form) : {},
    saving: snapshot.matches('saving'),
    added: snapshot.matches('added'),
    refused: snapshot.matches('refused'),
    failure: context.failure,
  };
}

export type RfidDeviceView = ReturnType<typeof rfidDeviceView>;
