import { fromCallback } from 'xstate';
import type { KeypadSocketPort } from '../../ports.ts';
import { keypadClosing, keypadReply } from '../../rules/keypad.ts';
import type { KeypadSocketInput, SocketCommand } from './keypad.types.ts';

/**
 * The keypad socket: a callback actor that owns the connection and closes it on cleanup. It speaks the
 * protocol, so the adapter only carries messages: the token goes first, keys only once the machine said ready.
 */
export const keypadSocket = (port: KeypadSocketPort) =>
  fromCallback<SocketCommand, KeypadSocketInput>(({ input, sendBack, receive }) => {
    const connection = port.connect(input.machineName, {
      onOpen: () => connection.send({ token: input.token }),
      onMessage: (message) => {
        const reply = keypadReply(message);
        if (reply === 'ready') sendBack({ type: 'socket.ready' });
        if (reply === 'tooFast') sendBack({ type: 'key.refused' });
      },
      onClose: (code) => sendBack({ type: 'socket.closed', closing: keypadClosing(code) }),
    });
    receive((command) => connection.send({ key: command.key }));
    return () => connection.close();
  });
