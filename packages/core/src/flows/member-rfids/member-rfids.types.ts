import type { MemberRfid } from '../../contract/index.ts';

export interface MemberRfidsContext {
  rfids: MemberRfid[];
  /** The RFID being deleted, while the call runs. */
  deleting: number | null;
}

export type MemberRfidsEvent = { type: 'rfids.retried' } | { type: 'rfid.deleted'; rfidId: number };
