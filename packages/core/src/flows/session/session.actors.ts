import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import { type StoragePort, storageKeys } from '../../ports.ts';
import { STORAGE_LIFETIME_SECONDS } from '../../rules/storage.ts';
import { loadMachineByName } from '../machine-selection/load-machine.ts';
import type { LoadedMember, SessionCredentials, StoredSession } from './session.types.ts';

const yearLong = { maxAgeSeconds: STORAGE_LIFETIME_SECONDS };

function storedId(text: string | null): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** What storage holds of a session; a front end that can read it at once gives it to the flow as its input. */
export function readStoredSession(storage: StoragePort): StoredSession {
  return {
    token: storage.read(storageKeys.token),
    memberId: storedId(storage.read(storageKeys.memberId)),
    machineName: storage.read(storageKeys.machine),
  };
}

/** The session flow's effects on the real API and storage; tests provide fakes instead. */
export function sessionActors({ api, storage }: { api: Api; storage: StoragePort }) {
  return {
    restore: fromPromise<StoredSession>(async () => readStoredSession(storage)),
    loadMember: fromPromise<LoadedMember, SessionCredentials>(async ({ input, signal }) => {
      const [member, balances, cards] = await Promise.all([
        api.members.get(input.memberId, { signal }),
        api.balances.list(input.memberId, { signal }),
        api.cards.list(input.memberId, { signal }),
      ]);
      if (!member.ok) throw member.error;
      return {
        member: member.value.community_member,
        // The view shows the MXN one of `balances` over this when the provider answers them.
        balance: member.value.community_member.balance,
        balances: balances.ok ? balances.value.balances : null,
        cards: cards.ok ? cards.value.credit_cards : [],
      };
    }),
    loadMachine: fromPromise(({ input, signal }: { input: { name: string }; signal: AbortSignal }) =>
      loadMachineByName(api, input.name, signal),
    ),
    saveSession: fromPromise<void, SessionCredentials>(async ({ input }) => {
      storage.write(storageKeys.token, input.token, yearLong);
      storage.write(storageKeys.memberId, String(input.memberId), yearLong);
    }),
    saveMachine: fromPromise<void, { name: string | null }>(async ({ input }) => {
      if (input.name) storage.write(storageKeys.machine, input.name, yearLong);
      else storage.remove(storageKeys.machine);
    }),
    forget: fromPromise<void, SessionCredentials | null>(async ({ input, signal }) => {
      // The token goes with the request, so it is removed only afterwards; a failed call still signs out here.
      if (input) await api.members.signOut(input.memberId, { signal });
      storage.remove(storageKeys.token);
      storage.remove(storageKeys.memberId);
      storage.remove(storageKeys.machine);
    }),
  };
}
