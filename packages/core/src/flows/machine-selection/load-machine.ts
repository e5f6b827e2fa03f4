import type { Api } from '../../api/index.ts';
import type { ProductServer } from '../../contract/index.ts';

/** A machine by its name: look up its id, then load it (spec §7 product_server/{name}, product_servers/{id}). */
export async function loadMachineByName(api: Api, name: string, signal?: AbortSignal): Promise<ProductServer> {
  const found = await api.machines.findByName(name, { signal });
  if (!found.ok) throw found.error;
  const machine = await api.machines.get(found.value.product_server.id, { signal });
  if (!machine.ok) throw machine.error;
  return machine.value.product_server;
}
