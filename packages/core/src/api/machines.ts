import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

export function machinesApi(send: Send) {
  return {
    recent: (memberId: number, options?: CallOptions) =>
      send(calls.listRecentMachines, { params: { id: memberId } }, options),
    findByName: (name: string, options?: CallOptions) => send(calls.findMachine, { params: { name } }, options),
    get: (machineId: number, options?: CallOptions) => send(calls.getMachine, { params: { id: machineId } }, options),
  };
}
