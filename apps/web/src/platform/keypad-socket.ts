import type { KeypadSocketPort } from '@vendo/core';
import { apiBaseUrl } from '../config.ts';

/** Close code the machine uses when it ends the keypad session (the reference API's simulator sends it too). */
const ENDED_BY_MACHINE = 4000;

/** The keypad port over a WebSocket at the machine's path (`/api/machines/{name}/keypad`). */
export function browserKeypadSocket(): KeypadSocketPort {
  return {
    connect(machineName, { onOpen, onClose }) {
      const origin = new URL(apiBaseUrl, window.location.href);
      origin.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
      const socket = new WebSocket(new URL(`/api/machines/${encodeURIComponent(machineName)}/keypad`, origin));
      let closedHere = false;
      socket.addEventListener('open', onOpen);
      socket.addEventListener('close', (event) => {
        if (!closedHere) onClose(event.code === ENDED_BY_MACHINE);
      });
      return {
        send: (key) => {
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ key }));
        },
        close: () => {
          closedHere = true;
          socket.close(1000, 'left the keypad');
        },
      };
    },
  };
}
