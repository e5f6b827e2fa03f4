import type { SnapshotFrom } from 'xstate';
import type { MemberRfidsMachine } from './member-rfids.machine.ts';

/** What the profile shows of the linked RFID cards and devices: the list, and the one being deleted. */
export function memberRfidsView(snapshot: SnapshotFrom<MemberRfidsMachine>) {
  const { context } = snapshot;
  return {
    rfids: context.rfids,
    deleting: context.deleting,
  };
}

export type MemberRfidsView = ReturnType<typeof memberRfidsView>;
