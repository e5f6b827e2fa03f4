import { describe, expect, it } from 'vitest';
import { type Notifications, worldResetChannel } from '../db/notifications.ts';
import { keypadChannels } from './keypad-hub.ts';
import { createSessionCache } from './session-cache.ts';

/** Messages between processes as a test sends them: `announce` delivers at once, `lose`/`regain` the connection. */
function fakeNotifications() {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const gaps: (() => void)[] = [];
  let reliable = true;
  const notifications: Notifications = {
    async publish() {},
    async subscribe(channel, handler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    reliable: () => reliable,
    onGap(handler) {
      gaps.push(handler);
    },
    async close() {},
  };
  const gap = (now: boolean) => {
    reliable = now;
    for (const handler of gaps) handler();
  };
  return {
    notifications,
    announce: (channel: string, payload = '7') => {
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },
    lose: () => gap(false),
    regain: () => gap(true),
  };
}

/** A database read of the session that counts how often it is asked. */
function sessionRow(memberId: number | null = 7) {
  const row = {
    reads: 0,
    answer: memberId,
    read: async () => {
      row.reads++;
      return row.answer;
    },
  };
  return row;
}

describe('sessions kept by one process (issue 16 point 1)', () => {
  it('answers a known token without reading the database again while sign-outs are sure to be heard', async () => {
    const { notifications } = fakeNotifications();
    const sessions = await createSessionCache(notifications);
    const row = sessionRow();

    const answers = [await sessions.memberOf('hash', row.read), await sessions.memberOf('hash', row.read)];

    expect([answers, row.reads]).toEqual([[7, 7], 1]);
  });

  it('reads the database again once any sign-out or revocation is announced', async () => {
    const world = fakeNotifications();
    const sessions = await createSessionCache(world.notifications);
    const row = sessionRow();
    await sessions.memberOf('hash', row.read);

    world.announce(keypadChannels.sessionEnded);
    row.answer = null;

    expect(await sessions.memberOf('hash', row.read)).toBeNull();
  });

  it('refuses a token this process signed out at once, before the announcement arrives (the next request may come first)', async () => {
    const { notifications } = fakeNotifications();
    const sessions = await createSessionCache(notifications);
    const row = sessionRow();
    await sessions.memberOf('hash', row.read);

    row.answer = null;
    sessions.ended();

    expect(await sessions.memberOf('hash', row.read)).toBeNull();
  });

  it('does not keep a read during which a sign-out was announced: it may have seen the session before it ended', async () => {
    const world = fakeNotifications();
    const sessions = await createSessionCache(world.notifications);
    const row = sessionRow();
    const racing = async () => {
      world.announce(keypadChannels.sessionEnded);
      return row.read();
    };
    await sessions.memberOf('hash', racing);

    await sessions.memberOf('hash', row.read);

    expect(row.reads).toBe(2);
  });

  it('reads the database on every call while the listening connection is lost, and forgets what it kept', async () => {
    const world = fakeNotifications();
    const sessions = await createSessionCache(world.notifications);
    const row = sessionRow();
    await sessions.memberOf('hash', row.read);

    world.lose();
    await sessions.memberOf('hash', row.read);
    await sessions.memberOf('hash', row.read);
    world.regain();
    await sessions.memberOf('hash', row.read);

    expect(row.reads).toBe(4);
  });

  it('forgets every session when the demo world is loaded again through any process', async () => {
    const world = fakeNotifications();
    const sessions = await createSessionCache(world.notifications);
    const row = sessionRow();
    await sessions.memberOf('hash', row.read);

    world.announce(worldResetChannel, '');
    await sessions.memberOf('hash', row.read);

    expect(row.reads).toBe(2);
  });

  it('keeps no unknown or signed-out token: each call asks the database', async () => {
    const { notifications } = fakeNotifications();
    const sessions = await createSessionCache(notifications);
    const row = sessionRow(null);

    await sessions.memberOf('hash', row.read);
    await sessions.memberOf('hash', row.read);

    expect(row.reads).toBe(2);
  });

  it('asks the database again after its time to live, whatever it heard', async () => {
    const { notifications } = fakeNotifications();
    const sessions = await createSessionCache(notifications, { capacity: 10, ttlMs: 0 });
    const row = sessionRow();

    await sessions.memberOf('hash', row.read);
    await sessions.memberOf('hash', row.read);

    expect(row.reads).toBe(2);
  });
});
