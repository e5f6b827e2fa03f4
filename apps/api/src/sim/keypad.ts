import type { KeypadKey } from '@vendo/core/contract';

interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/**
 * The touchless keypads of the simulated machines: which member's sockets are open on each machine
 * and the last keys each machine received. A machine's keypad serves one member at a time.
 */
export interface KeypadHub {
  /** Opens a member's keypad session; `busy` while another member holds the machine's keypad. */
  attach(machine: string, memberId: number, socket: Socket): (() => void) | 'busy';
  press(machine: string, key: KeypadKey): void;
  recent(machine: string): readonly KeypadKey[];
  /** Closes every socket of a machine, as a machine ending its session does. Answers how many. */
  close(machine: string): number;
  closeAll(): void;
}

const kept = 50;

/** Close code of a session the machine ended (the app shows "Click to reconnect"). */
export const ENDED_BY_MACHINE = 4000;

export function createKeypadHub(): KeypadHub {
  const sessions = new Map<string, { memberId: number; sockets: Set<Socket> }>();
  const keys = new Map<string, KeypadKey[]>();
  return {
    attach(machine, memberId, socket) {
      const session = sessions.get(machine) ?? { memberId, sockets: new Set<Socket>() };
      if (session.memberId !== memberId) return 'busy';
      session.sockets.add(socket);
      sessions.set(machine, session);
      return () => {
        session.sockets.delete(socket);
        if (session.sockets.size === 0 && sessions.get(machine) === session) sessions.delete(machine);
      };
    },
    press(machine, key) {
      const pressed = [...(keys.get(machine) ?? []), key].slice(-kept);
      keys.set(machine, pressed);
    },
    recent: (machine) => keys.get(machine) ?? [],
    close(machine) {
      const session = sessions.get(machine);
      if (!session) return 0;
      sessions.delete(machine);
      for (const socket of session.sockets) socket.close(ENDED_BY_MACHINE, 'session closed by the machine');
      return session.sockets.size;
    },
    closeAll() {
      for (const machine of [...sessions.keys()]) this.close(machine);
    },
  };
}
