import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { KEYPAD_CLOSE_CODES } from '../../contract/keypad.ts';
import type { KeypadHandlers, KeypadSocketPort } from '../../ports.ts';
import { keypadSocket } from './keypad.actors.ts';
import {
  KEYPAD_LIMITED_PAUSE_MS,
  KEYPAD_READY_TIMEOUT_MS,
  KEYPAD_RECONNECTS,
  KEYPAD_TOO_FAST_NOTICE_MS,
  keypadMachine,
} from './keypad.machine.ts';
import { keypadView } from './keypad.view.ts';

/** A socket port whose connections the test opens, answers and closes by hand, as the machine would. */
function fakePort() {
  const connections: { machineName: string; handlers: KeypadHandlers; sent: unknown[]; closed: boolean }[] = [];
  const port: KeypadSocketPort = {
    connect: (machineName, handlers) => {
      const connection = { machineName, handlers, sent: [] as unknown[], closed: false };
      connections.push(connection);
      return { send: (message) => connection.sent.push(message), close: () => (connection.closed = true) };
    },
  };
  return { port, connections, last: () => connections.at(-1)! };
}

function start(token: string | null = 'tok-17') {
  const fake = fakePort();
  const clock = new SimulatedClock();
  const actor = createActor(keypadMachine.provide({ actors: { socket: keypadSocket(fake.port) } }), {
    input: { machineName: 'teclado', token },
    clock,
  }).start();
  /** The socket opens and the machine accepts the token. */
  const ready = () => {
    fake.last().handlers.onOpen();
    fake.last().handlers.onMessage({ ready: true });
  };
  const close = (code: number) => fake.last().handlers.onClose(code);
  return { actor, clock, fake, ready, close, view: () => keypadView(actor.getSnapshot()) };
}

describe('spec §4/§7 touchless keypad: a session belongs to a signed-in member', () => {
  it('a visitor opens no socket and is asked to sign in', () => {
    const flow = start(null);
    expect(flow.fake.connections).toEqual([]);
    expect(flow.view()).toMatchObject({ screen: 'signInNeeded', keysEnabled: false });
  });

  it("a member's keypad opens a socket to the machine", () => {
    const flow = start();
    expect(flow.fake.connections.map((connection) => connection.machineName)).toEqual(['teclado']);
  });

  it("sends the member's token as the first message once the socket opens", () => {
    const flow = start();
    flow.fake.last().handlers.onOpen();
    expect(flow.fake.last().sent).toEqual([{ token: 'tok-17' }]);
  });

  it('keeps the keys off until the machine answers ready', () => {
    const flow = start();
    flow.fake.last().handlers.onOpen();
    flow.actor.send({ type: 'key.pressed', key: '7' });
    expect(flow.view()).toMatchObject({ screen: 'connecting', keysEnabled: false });
    expect(flow.fake.last().sent).toEqual([{ token: 'tok-17' }]);
  });

  it('sends each pressed key once the machine has answered ready', () => {
    const flow = start();
    flow.ready();
    flow.actor.send({ type: 'key.pressed', key: '7' });
    flow.actor.send({ type: 'key.pressed', key: 'hash' });
    expect(flow.fake.last().sent).toEqual([{ token: 'tok-17' }, { key: '7' }, { key: 'hash' }]);
  });

  it('counts a machine that never answers ready as a dropped connection', () => {
    const flow = start();
    flow.fake.last().handlers.onOpen();
    flow.clock.increment(KEYPAD_READY_TIMEOUT_MS);
    expect(flow.fake.connections[0]?.closed).toBe(true);
    flow.clock.increment(1_000);
    expect(flow.fake.connections).toHaveLength(2);
  });

  it('closes the socket when the member leaves', () => {
    const flow = start();
    flow.actor.stop();
    expect(flow.fake.last().closed).toBe(true);
  });
});

describe('spec §4/§8 touchless keypad: how a session ends', () => {
  it('shows the session-expired state when the machine ends the session (4000)', () => {
    const flow = start();
    flow.ready();
    flow.close(KEYPAD_CLOSE_CODES.endedByMachine);
    expect(flow.view()).toMatchObject({ screen: 'expired', expiry: 'closed' });
  });

  it.each([
    ['no key in the machine’s user_type_timeout', KEYPAD_CLOSE_CODES.idle, 'idle'],
    ['the longest a keypad session lasts', KEYPAD_CLOSE_CODES.timeUp, 'timeUp'],
  ] as const)(
    'shows the session-expired state for %s (%d), and never connects again on its own (issue 32 point 7)',
    (_, code, expiry) => {
      const flow = start();
      flow.ready();

      flow.close(code);
      flow.clock.increment(60_000);

      expect(flow.view()).toMatchObject({ screen: 'expired', expiry, keysEnabled: false });
      expect(flow.fake.connections).toHaveLength(1);
    },
  );

  it("says the member's keypad moved to another machine (4410), and never takes it back on its own (issue 32 point 7)", () => {
    const flow = start();
    flow.ready();

    flow.close(KEYPAD_CLOSE_CODES.replaced);
    flow.clock.increment(60_000);

    expect(flow.view()).toMatchObject({ screen: 'replaced', canRetry: true, keysEnabled: false, expiry: null });
    expect(flow.fake.connections).toHaveLength(1);
  });

  it('takes the keypad back when the member asks, after it moved to another machine (issue 32 point 7)', () => {
    const flow = start();
    flow.ready();
    flow.close(KEYPAD_CLOSE_CODES.replaced);

    flow.actor.send({ type: 'keypad.retried' });
    flow.ready();

    expect(flow.fake.connections).toHaveLength(2);
    expect(flow.view().screen).toBe('open');
  });

  it('asks to sign in, and never tries again on its own, when the token is refused (4401)', () => {
    const flow = start();
    flow.fake.last().handlers.onOpen();
    flow.close(KEYPAD_CLOSE_CODES.signInNeeded);
    flow.clock.increment(60_000);
    expect(flow.view().screen).toBe('signInNeeded');
    expect(flow.fake.connections).toHaveLength(1);
  });

  it('says another member is using the machine, and never tries again on its own (4409)', () => {
    const flow = start();
    flow.fake.last().handlers.onOpen();
    flow.close(KEYPAD_CLOSE_CODES.machineBusy);
    flow.clock.increment(60_000);
    expect(flow.view()).toMatchObject({ screen: 'machineBusy', canRetry: true });
    expect(flow.fake.connections).toHaveLength(1);
  });

  it("connects again when the member tries again after a busy machine's answer", () => {
    const flow = start();
    flow.close(KEYPAD_CLOSE_CODES.machineBusy);
    flow.actor.send({ type: 'keypad.retried' });
    expect(flow.fake.connections).toHaveLength(2);
    expect(flow.view().screen).toBe('connecting');
  });

  it('offers no retry for too many connections until the pause has passed (4429)', () => {
    const flow = start();
    flow.close(KEYPAD_CLOSE_CODES.tooMany);
    flow.clock.increment(KEYPAD_LIMITED_PAUSE_MS - 1);
    flow.actor.send({ type: 'keypad.retried' });
    expect(flow.view()).toMatchObject({ screen: 'tooMany', canRetry: false });
    expect(flow.fake.connections).toHaveLength(1);
  });

  it('lets the member try again once the pause after too many connections has passed', () => {
    const flow = start();
    flow.close(KEYPAD_CLOSE_CODES.tooMany);
    flow.clock.increment(KEYPAD_LIMITED_PAUSE_MS);
    flow.actor.send({ type: 'keypad.retried' });
    expect(flow.fake.connections).toHaveLength(2);
  });

  it('reconnects after a dropped connection, a message too large (1009) included', () => {
    const flow = start();
    flow.ready();
    flow.close(1009);
    flow.clock.increment(1_000);
    expect(flow.fake.connections).toHaveLength(2);
    expect(flow.view().screen).toBe('connecting');
  });

  it(`gives up after ${KEYPAD_RECONNECTS} failed reconnects and asks the member`, () => {
    const flow = start();
    for (let attempt = 0; attempt <= KEYPAD_RECONNECTS; attempt++) {
      flow.close(1006);
      flow.clock.increment(10_000);
    }
    expect(flow.view()).toMatchObject({ screen: 'expired', expiry: 'closed' });
    expect(flow.fake.connections).toHaveLength(KEYPAD_RECONNECTS + 1);
  });
});

describe('touchless keypad: a key sent faster than the machine takes them', () => {
  it('says the key did not reach the machine, and keeps the socket open', () => {
    const flow = start();
    flow.ready();
    flow.fake.last().handlers.onMessage({ error: { error_code: 'too_many_requests', message: 'Too many keys' } });
    expect(flow.view()).toMatchObject({ screen: 'open', keysEnabled: true, tooFast: true });
    expect(flow.fake.last().closed).toBe(false);
  });

  it(`stops saying so after ${KEYPAD_TOO_FAST_NOTICE_MS} ms`, () => {
    const flow = start();
    flow.ready();
    flow.fake.last().handlers.onMessage({ error: { error_code: 'too_many_requests' } });
    flow.clock.increment(KEYPAD_TOO_FAST_NOTICE_MS);
    expect(flow.view().tooFast).toBe(false);
  });
});
