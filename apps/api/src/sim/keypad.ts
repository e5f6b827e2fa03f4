import type { KeypadKey } from '@vendo/core/contract';

interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/**
 * The touchless keypads of the simulated machines: which sockets are open on
 * each machine and the last keys each machine received.
 */
export interface KeypadHub {
  attach(machine: string, socket: Socket): () => void;
  press(machine: string, key: KeypadKey): void;
  recent(machine: string): readonly KeypadKey[];
  /** Closes every socket of a machine, as a machine ending its session does. Answers how many. */
  close(machine: string): number;
  closeAll(): void;
}

const kept = 50;

export function createKeypadHub(): KeypadHub {
  const sockets = new Map<string, Set<Socket>>();
  const keys = new Map<string, KeypadKey[]>();
  return {
    attach(machine, socket) {
      const open = sockets.get(machine) ?? new Set();
      open.add(socket);
      sockets.set(machine, open);
      return () => open.delete(socket);
    },
    press(machine, key) {
      const pressed = [...(keys.get(machine) ?? []), key].slice(-kept);
      keys.set(machine, pressed);
    },
    recent: (machine) => keys.get(machine) ?? [],
    close(machine) {
      const open = sockets.get(machine);
      if (!open) return 0;
      const count = open.size;
      for (const socket of open) socket.close(4000, 'session closed by the machine');
      open.clear();
      return count;
    },
    closeAll() {
      for (const machine of sockets.keys()) this.close(machine);
    },
  };
}
