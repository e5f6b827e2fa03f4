import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { rateLimits } from '../http/rate-limits.ts';
import { recentKeys } from '../sim/keypad.ts';
import { freshAddress, freshServerDatabase, startTestServer, type TestServer } from '../testing/harness.ts';
import {
  closing,
  type KeypadSocketOptions,
  openKeypad,
  reply,
  signedIn as signedInOn,
} from '../testing/keypad-socket.ts';
import { startServerProcess } from '../testing/process.ts';
import { onPostgres, replicasNeedPostgres, startReplicas } from '../testing/replicas.ts';
import { keypadCloseCodes, keypadLimits } from './keypad.ts';

let t: TestServer;
let phones = 5570000000;
const member = () => t.member(`+52${phones++}`);

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, {
    keypadTimings: { signInSeconds: 0.5, heartbeatSeconds: 0.2 },
  });
});
afterAll(() => t.close());

interface Options extends KeypadSocketOptions {
  /** The process the socket reaches (a replica); this suite's server when omitted. */
  readonly server?: { readonly url: string };
}

const open = (machine: string, options: Options = {}) => openKeypad(options.server ?? t, machine, options);
const signedIn = (machine: string, token: string, server: { readonly url: string } = t) =>
  signedInOn(server, machine, token);

describe('touchless keypad (spec §7): a member types on the machine they chose', () => {
  it('accepts every key of the spec as a JSON message once the member signed in, and the machine sees it', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'star', 'hash', 'return', 'cancel'];
    for (const key of keys) {
      const answer = reply(socket);
      socket.send(JSON.stringify({ key }));
      expect(await answer).toEqual({ ok: true, key });
      await new Promise((resolve) => setTimeout(resolve, 1_000 / keypadLimits.keysPerSecond));
    }
    const seen = (await (await fetch(`${t.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
    expect(seen.keys.slice(-keys.length)).toEqual(keys);
    socket.close();
  });

  it('answers an unknown key with an error and keeps the session', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const answer = reply(socket);
    socket.send(JSON.stringify({ key: '#' }));
    expect(await answer).toMatchObject({ error: { error_code: 'invalid_key' } });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('closes the socket of a client that sends a key instead of a token, and the machine sees nothing', async () => {
    const before = (await (await fetch(`${t.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
    const socket = await open('teclado');
    const closed = closing(socket);
    socket.send(JSON.stringify({ key: '5' }));
    expect(await closed).toBe(keypadCloseCodes.signInNeeded);
    const after = (await (await fetch(`${t.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
    expect(after.keys).toEqual(before.keys);
  });

  it('closes the socket of a token that opens no session (unknown or signed out)', async () => {
    const socket = await open('teclado');
    const closed = closing(socket);
    socket.send(JSON.stringify({ token: 'not-a-token' }));
    expect(await closed).toBe(keypadCloseCodes.signInNeeded);
  });

  it('closes a socket that sends no token in time', async () => {
    const socket = await open('teclado');
    expect(await closing(socket)).toBe(keypadCloseCodes.signInNeeded);
  });

  it("refuses a page of another origin (another site cannot type on a member's machine)", async () => {
    await expect(open('teclado', { origin: 'https://attacker.example' })).rejects.toThrow('HTTP 403');
  });

  it('refuses a client that names no origin', async () => {
    await expect(open('teclado', { origin: null })).rejects.toThrow('HTTP 403');
  });

  it('serves one member at a time: another member on the same machine is told it is in use', async () => {
    const first = await signedIn('teclado2', (await member()).token);
    const second = await open('teclado2');
    const closed = closing(second);
    second.send(JSON.stringify({ token: (await member()).token }));
    expect(await closed).toBe(keypadCloseCodes.machineBusy);
    first.close();
  });

  it('closes a socket whose message is over 1 KB, unread', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const closed = closing(socket);
    socket.send(JSON.stringify({ key: 'x'.repeat(keypadLimits.maxMessageBytes) }));
    expect(await closed).toBe(1009);
  });

  it('drops keys past 10 a second on one socket with an error, and keeps the session', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const answers: unknown[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(String(data))));
    for (let press = 0; press < keypadLimits.keysPerSecond + 5; press++) socket.send(JSON.stringify({ key: '1' }));
    await expect.poll(() => answers.length).toBe(keypadLimits.keysPerSecond + 5);
    expect(answers.filter((answer) => JSON.stringify(answer).includes('too_many_requests'))).toHaveLength(5);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('pings an idle socket, and closes one that stopped answering', async () => {
    const alive = await signedIn('teclado', (await member()).token);
    const pinged = new Promise<void>((resolve) => alive.once('ping', () => resolve()));
    await pinged;
    alive.close();
    const silent = await open('teclado', { autoPong: false });
    silent.send(JSON.stringify({ token: (await member()).token }));
    expect(await closing(silent)).toBe(1006);
  });

  it('limits keypad connections from one address (429 with Retry-After)', async () => {
    const address = freshAddress();
    for (let connect = 0; connect < rateLimits.keypadConnectsPerAddress.points; connect++) {
      // Every try counts, even one on a machine without a keypad.
      await expect(open('demo', { address })).rejects.toThrow('HTTP 404');
    }
    await expect(open('teclado', { address })).rejects.toThrow('HTTP 429');
  });

  it('closes the sockets of a machine through the dev control', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const closed = closing(socket);
    await t.dev('/machines/teclado/keypad/close', {});
    expect(await closed).toBe(4000);
  });

  it('has no keypad on a machine without a numeric keyboard', async () => {
    await expect(open('demo')).rejects.toThrow('HTTP 404');
  });
});

describe('the keypad across processes on one database (issue 16 point 1)', () => {
  const lease = (memberId: number, leaseUntil: Date) =>
    sql`insert into keypad_leases (id, machine, member_id, holder, lease_until)
      values (${`lease-${memberId}`}, 'teclado2', ${memberId}, 'another-process', ${leaseUntil})`.execute(
      t.server.deps.db,
    );
  const dropLeases = () => sql`delete from keypad_leases where holder = 'another-process'`.execute(t.server.deps.db);

  it('keeps the last 50 keys a machine received in the database every process reads, and no more', async () => {
    const { db, keypads } = t.server.deps;
    for (let press = 0; press < 60; press++) await keypads.press('teclado', press % 2 ? '1' : '2');
    await keypads.press('teclado', 'hash');

    const stored = await db
      .selectFrom('keypad_keys')
      .select((eb) => eb.fn.countAll<number>().as('keys'))
      .where('machine', '=', 'teclado')
      .executeTakeFirstOrThrow();
    expect(Number(stored.keys)).toBe(50);
    expect((await recentKeys(db, 'teclado')).at(-1)).toBe('hash');
  });

  it("refuses a member (4409) while another process's lease holds the machine for someone else", async () => {
    const holder = await member();
    await lease(holder.id, new Date(t.clock.now().getTime() + 60_000));
    const socket = await open('teclado2');
    const closed = closing(socket);

    socket.send(JSON.stringify({ token: (await member()).token }));

    expect(await closed).toBe(keypadCloseCodes.machineBusy);
    await dropLeases();
  });

  it('frees a machine whose holding process stopped refreshing its lease, once the lease runs out', async () => {
    const holder = await member();
    await lease(holder.id, new Date(t.clock.now().getTime() + 60_000));

    t.clock.advance(60_000);
    const socket = await signedIn('teclado2', (await member()).token);

    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    await dropLeases();
  });

  it("ends a session whose lease another process removed (it found it expired), at this process's next heartbeat", async () => {
    const socket = await signedIn('teclado2', (await member()).token);
    const closed = closing(socket);

    await sql`delete from keypad_leases where machine = 'teclado2'`.execute(t.server.deps.db);

    expect(await closed).toBe(4000);
  });

  it('closes the keypad socket of a member who signs out (4401)', async () => {
    const who = await member();
    const socket = await signedIn('teclado', who.token);
    const closed = closing(socket);

    expect((await t.api(who.token).members.signOut(who.id)).ok).toBe(true);

    expect(await closed).toBe(keypadCloseCodes.signInNeeded);
  });

  describe('with two processes on one PostgreSQL', () => {
    let replicas: Awaited<ReturnType<typeof startReplicas>> | undefined;
    beforeAll(async () => {
      if (onPostgres) replicas = await startReplicas();
    }, 60_000);
    afterAll(() => replicas?.close());
    const both = () => {
      if (!replicas) throw new Error(replicasNeedPostgres);
      return replicas;
    };

    it('a key sent on B is received by the machine: the dev control on A reads it', async ({ skip }) => {
      skip(!onPostgres, replicasNeedPostgres);
      const { a, b } = both();
      const socket = await signedIn('teclado', (await b.member('+525571000001')).token, b);
      const answer = reply(socket);

      socket.send(JSON.stringify({ key: '7' }));
      expect(await answer).toEqual({ ok: true, key: '7' });

      const seen = (await (await fetch(`${a.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
      expect(seen.keys.at(-1)).toBe('7');
      socket.close();
    });

    it("the machine ending the session through A closes the member's socket on B (4000)", async ({ skip }) => {
      skip(!onPostgres, replicasNeedPostgres);
      const { a, b } = both();
      const socket = await signedIn('teclado', (await b.member('+525571000002')).token, b);
      const closed = closing(socket);

      await a.dev('/machines/teclado/keypad/close', {});

      expect(await closed).toBe(4000);
    });

    it("refuses a second member on B (4409) while the first holds the machine's keypad on A", async ({ skip }) => {
      skip(!onPostgres, replicasNeedPostgres);
      const { a, b } = both();
      const first = await signedIn('teclado2', (await a.member('+525571000003')).token, a);
      const second = await open('teclado2', { server: b });
      const closed = closing(second);

      second.send(JSON.stringify({ token: (await b.member('+525571000004')).token }));

      expect(await closed).toBe(keypadCloseCodes.machineBusy);
      // Ended by the machine, the lease is gone before the socket closes: the next test finds it free.
      const ended = closing(first);
      await a.dev('/machines/teclado2/keypad/close', {});
      await ended;
    });

    it('gives a free machine to one of two members sending their tokens on A and B at the same moment; the other is refused (4409)', async ({
      skip,
    }) => {
      skip(!onPostgres, replicasNeedPostgres);
      const { a, b } = both();
      const sockets = [await open('teclado2', { server: a }), await open('teclado2', { server: b })];
      const tokens = [(await a.member('+525571000011')).token, (await b.member('+525571000012')).token];
      const outcomes = sockets.map(
        (socket) =>
          new Promise<string>((resolve) => {
            socket.once('message', (data) => resolve(String(data)));
            socket.once('close', (code) => resolve(String(code)));
          }),
      );

      sockets.forEach((socket, index) => {
        socket.send(JSON.stringify({ token: tokens[index] }));
      });

      expect((await Promise.all(outcomes)).sort()).toEqual([
        String(keypadCloseCodes.machineBusy),
        JSON.stringify({ ready: true }),
      ]);
      for (const socket of sockets) socket.close();
    });

    it('a member signing out through A has their keypad socket on B closed (4401)', async ({ skip }) => {
      skip(!onPostgres, replicasNeedPostgres);
      const { a, b } = both();
      const who = await a.member('+525571000005');
      const socket = await signedIn('teclado', who.token, b);
      const closed = closing(socket);

      expect((await a.api(who.token).members.signOut(who.id)).ok).toBe(true);

      expect(await closed).toBe(keypadCloseCodes.signInNeeded);
    });

    it('once the holding process is gone, another member takes the machine on the other process', async ({ skip }) => {
      skip(!onPostgres, replicasNeedPostgres);
      const { a, b } = both();
      await signedIn('teclado', (await a.member('+525571000006')).token, a);

      await a.server.close();
      const socket = await signedIn('teclado', (await b.member('+525571000007')).token, b);

      expect(socket.readyState).toBe(WebSocket.OPEN);
      socket.close();
    });
  });

  it('frees the machine of a process killed while holding it once its lease runs out, and not before', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const databaseUrl = await freshServerDatabase();
    const b = await startTestServer(undefined, undefined, databaseUrl);
    const a = await startServerProcess({ dataDir: b.dataDir, databaseUrl });
    try {
      const made = await fetch(`${a.url}/__dev/members`, {
        method: 'POST',
        body: JSON.stringify({ phone: '+525571000008' }),
        headers: { 'Content-Type': 'application/json' },
      });
      const holder = (await made.json()) as { auth_token: string };
      await signedIn('teclado', holder.auth_token, a);

      await a.kill();
      const early = await open('teclado', { server: b });
      const refused = closing(early);
      early.send(JSON.stringify({ token: (await b.member('+525571000009')).token }));
      expect(await refused).toBe(keypadCloseCodes.machineBusy);
      b.clock.advance(keypadLimits.heartbeatSeconds * keypadLimits.leaseHeartbeats * 1000);
      const socket = await signedIn('teclado', (await b.member('+525571000010')).token, b);

      expect(socket.readyState).toBe(WebSocket.OPEN);
      socket.close();
    } finally {
      await a.kill();
      await b.close();
    }
  });
});
