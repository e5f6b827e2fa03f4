import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import { type RfidDeviceForm, rfidKeyOnBlur } from '../../rules/rfid.ts';

/** The RFID device saved on the real API: its fields trimmed, its key lower-cased as on leaving its field. */
export function rfidDeviceActors({ api }: { api: Api }) {
  return {
    saveDevice: fromPromise<void, RfidDeviceForm>(async ({ input, signal }) => {
      const saved = await api.rfids.create(
        { name: input.name.trim(), rfid_id: input.rfidId.trim(), rfid_key: rfidKeyOnBlur(input.rfidKey) },
        { signal },
      );
      if (!saved.ok) throw saved.error;
    }),
  };
}
