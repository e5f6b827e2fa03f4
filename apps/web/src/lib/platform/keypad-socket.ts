import type { KeypadSocketPort } from '@vendo/core';
import { apiBaseUrl } from '../config.ts';

function parsed(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return undefined;
  }
}

/**
 * The keypad port over a WebSocket at the machine's path (`/api/machines/{name}/keypad`). It only carries
 * JSON both ways and reports the close code: what to say, and what a closing means, is the keypad flow's.
 */
export function browserKeypadSocket(): KeypadSocketPort {
  return {
    connect(machineName, { onOpen, onMessage, onClose }) {
      const origin = new URL(apiBaseUrl, window.location.href);
      origin.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
      const socket = new WebSocket(new URL(`/api/machines/${encodeURIComponent(machineName)}/keypad`, origin));
      let closedHere = false;
      socket.addEventListener('open', () => onOpen());
      socket.addEventListener('message', (event) => onMessage(parsed(event.data)));
      socket.addEventListener('close', (event) => {
        if (!closedHere) onClose(event.code);
      });
      return {
        send: (message) => {
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
        },
        close: () => {
          closedHere = true;
          socket.close(1000, 'left the keypad');
        },
      };
    },
  };
}
