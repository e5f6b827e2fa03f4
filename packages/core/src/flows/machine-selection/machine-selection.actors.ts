import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { ProductServer, RecentMachine } from '../../contract/index.ts';
import { loadMachineByName } from './load-machine.ts';

/** The machine-selection flow's effects on the real API; tests provide fakes instead. */
export function machineSelectionActors({ api }: { api: Api }) {
  return {
    lookup: fromPromise<ProductServer, { name: string }>(({ input, signal }) =>
      loadMachineByName(api, input.name, signal),
    ),
    loadRecent: fromPromise<RecentMachine[], { memberId: number }>(async ({ input, signal }) => {
      const recent = await api.machines.recent(input.memberId, { signal });
      if (!recent.ok) throw recent.error;
      return recent.value.product_servers;
    }),
  };
}
