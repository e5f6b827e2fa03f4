import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { KeypadHandlers, KeypadSocketPort } from '../../ports.ts';
import { KEYPAD_RECONNECTS, keypadMachine, keypadSocket } from './keypad.machine.ts';

/** A socket port whose connections the test opens and closes by hand. */
function fakePort() {
  const connections: { handlers: KeypadHandlers; sent: string[]; closed: boolean }[] = [];
  const port: KeypadSocketPort = {
    connect: (_, handlers) => {
      const connection = { handlers, sent: [] as string[], closed: false };
      connections.push(connection);
      return { send: (key) => connection.sent.push(key), close: () => (connection.closed = true) };
    },
  };
  return { port, connections, last: () => connections.at(-1)! };
}

function start() {
  const fake = fakePort();
  const clock = new SimulatedClock();
  const connect = vi.spyOn(fake.port, 'connect');
  const actor = createActor(keypadMachine.provide({ actors: { socket: keypadSocket(fake.port) } }), {
    input: { machineName: 'teclado' },
    clock,
  }).start();
  return { actor, clock, fake, connect };
}

describe('spec §4/§7 touchless keypad', () => {
  it('opens a socket to the machine', () => {
    const { connect } = start();
    expect(connect).toHaveBeenCalledWith('teclado', expect.anything());
  });

  it('sends each pressed key once the socket is open', () => {
    const { actor, fake } = start();
    fake.last().handlers.onOpen();
    actor.send({ type: 'key.pressed', key: '7' });
    actor.send({ type: 'key.pressed', key: 'hash' });
    expect(fake.last().sent).toEqual(['7', 'hash']);
  });

  it('shows the session-expired state when the machine ends the session', () => {
    const { actor, fake } = start();
    fake.last().handlers.onOpen();
    fake.last().handlers.onClose(true);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('reconnects after a dropped connection', () => {
    const { actor, fake, clock } = start();
    fake.last().handlers.onOpen();
    fake.last().handlers.onClose(false);
    clock.increment(1_000);
    expect(fake.connections).toHaveLength(2);
    expect(actor.getSnapshot().matches('live')).toBe(true);
  });

  it(`gives up after ${KEYPAD_RECONNECTS} failed reconnects and asks the member`, () => {
    const { actor, fake, clock } = start();
    for (let attempt = 0; attempt <= KEYPAD_RECONNECTS; attempt++) {
      fake.last().handlers.onClose(false);
      clock.increment(10_000);
    }
    expect(actor.getSnapshot().value).toBe('expired');
    expect(fake.connections).toHaveLength(KEYPAD_RECONNECTS + 1);
  });

  it('closes the socket when the member leaves', () => {
    const { actor, fake } = start();
    actor.stop();
    expect(fake.last().closed).toBe(true);
  });
});
