import type { KeypadKey } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';

/** The machines' side of the touchless keypad (services/keypad-hub.ts hands them the keys). */
export interface KeypadMachines {
  /** The machine receives a key its keypad's member typed. */
  receive(machine: string, key: KeypadKey): Promise<void>;
}

/** The last keys kept per machine. */
const kept = 50;

/**
 * The emulated machines' keyboards: each keeps the last keys it received in a table every API process
 * shares, whichever process took the key.
 */
export function emulatedKeypadMachines(db: Db): KeypadMachines {
  return {
    async receive(machine, key) {
      await db.insertInto('keypad_keys').values({ machine, key }).execute();
      const oldestKept = await db
        .selectFrom('keypad_keys')
        .select('id')
        .where('machine', '=', machine)
        .orderBy('id', 'desc')
        .offset(kept - 1)
        .limit(1)
        .executeTakeFirst();
      if (oldestKept) {
        await db.deleteFrom('keypad_keys').where('machine', '=', machine).where('id', '<', oldestKept.id).execute();
      }
    },
  };
}

/** The last keys an emulated machine received, the oldest first (`/__dev/machines/{name}/keypad`). */
export async function recentKeys(db: Db, machine: string): Promise<readonly KeypadKey[]> {
  const rows = await db
    .selectFrom('keypad_keys')
    .select('key')
    .where('machine', '=', machine)
    .orderBy('id', 'desc')
    .limit(kept)
    .execute();
  return rows.map((row) => row.key as KeypadKey).reverse();
}
