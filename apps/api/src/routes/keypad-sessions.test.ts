import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { closing, openKeypad, press, signedIn } from '../testing/keypad-socket.ts';
import { onPostgres, replicasNeedPostgres, startReplicas } from '../testing/replicas.ts';
import { keypadCloseCodes, keypadLimits } from './keypad.ts';

// Issue 32 point 7 (spec §7 touchless keypad): one account must not hold every keypad. A session ends
// after the machine's user_type_timeout without a key (4408) and at the longest after
// keypadLimits.sessionMinutes (4440); a member holds one machine's keypad at a time (4410).

let t: TestServer;
let phones = 5572000000;
const member = () => t.member(`+52${phones++}`);

beforeAll(async () => {
  // A heartbeat every 0.2 s looks at the sessions' limits soon after the test's clock moves.
  t = await startTestServer(undefined, undefined, undefined, {
    keypadTimings: { signInSeconds: 0.5, heartbeatSeconds: 0.2 },
  });
});
afterAll(() => t.close());
// A test that failed leaves no session behind to hold a machine in the next.
afterEach(() => t.server.deps.keypads.closeAll());

const userTypeTimeoutMs = async (machine: string) => {
  const row = await t.server.deps.db
    .selectFrom('machines')
    .select('user_type_timeout')
    .where('name', '=', machine)
    .executeTakeFirstOrThrow();
  return row.user_type_timeout * 1000;
};
const setUserTypeTimeout = (machine: string, seconds: number) =>
  t.server.deps.db.updateTable('machines').set({ user_type_timeout: seconds }).where('name', '=', machine).execute();
const heartbeats = (count: number) => new Promise((resolve) => setTimeout(resolve, count * 200));
/** Resolves once the socket had its first answer: ready, or closed. */
const answered = (socket: WebSocket) =>
  new Promise<void>((resolve) => {
    socket.once('message', () => resolve());
    socket.once('close', () => resolve());
  });
const leasesOf = async (memberId: number) =>
  (
    await t.server.deps.db.selectFrom('keypad_leases').select('machine').where('member_id', '=', memberId).execute()
  ).map((lease) => lease.machine);

describe('issue 32 point 7: a keypad session without keys ends (spec §7)', () => {
  it("ends a session that sent no key for the machine's user_type_timeout (4408), and frees the machine", async () => {
    const socket = await signedIn(t, 'teclado', (await member()).token);
    const ended = closing(socket);

    t.clock.advance(await userTypeTimeoutMs('teclado'));

    expect(await ended).toBe(keypadCloseCodes.idle);
    const next = await signedIn(t, 'teclado', (await member()).token);
    next.close();
  });

  it("counts the idle time from the last key: a key sent within the machine's user_type_timeout keeps the session", async () => {
    const idleMs = await userTypeTimeoutMs('teclado');
    const socket = await signedIn(t, 'teclado', (await member()).token);
    const ended = closing(socket);

    t.clock.advance(idleMs - 5_000);
    await press(socket, '5');
    t.clock.advance(idleMs - 5_000);
    await heartbeats(3);
    await press(socket, '6');
    t.clock.advance(idleMs);

    expect(await ended).toBe(keypadCloseCodes.idle);
  });

  it("takes the idle limit from the machine's own user_type_timeout", async () => {
    await setUserTypeTimeout('teclado2', 5);
    try {
      const socket = await signedIn(t, 'teclado2', (await member()).token);
      const ended = closing(socket);

      t.clock.advance(5_000);

      expect(await ended).toBe(keypadCloseCodes.idle);
    } finally {
      await setUserTypeTimeout('teclado2', 30);
    }
  });

  it('ages a machine’s session through the dev control: past its user_type_timeout it ends (4408)', async () => {
    const socket = await signedIn(t, 'teclado', (await member()).token);
    const ended = closing(socket);

    const aged = await t.dev('/machines/teclado/keypad/age', { seconds: (await userTypeTimeoutMs('teclado')) / 1000 });

    expect(aged.status).toBe(200);
    expect(await ended).toBe(keypadCloseCodes.idle);
  });
});

describe(`issue 32 point 7: a keypad session lasts ${keypadLimits.sessionMinutes} minutes at most (spec §7)`, () => {
  // Keys paced as the socket takes them (10 a second): a few seconds of real time.
  it(`ends a session that keeps sending keys at ${keypadLimits.sessionMinutes} minutes (4440), and not before`, {
    timeout: 20_000,
  }, async () => {
    // Half the idle limit between keys: the server counts idle time on its clock, which also moves with real
    // time, so a loaded machine's pauses between two keys must never add up to the idle limit.
    const step = (await userTypeTimeoutMs('teclado')) / 2;
    const limit = keypadLimits.sessionMinutes * 60_000;
    const socket = await signedIn(t, 'teclado', (await member()).token);
    const ended = closing(socket);

    let elapsed = 0;
    while (elapsed + step < limit) {
      t.clock.advance(step);
      elapsed += step;
      await press(socket, '1');
      await new Promise((resolve) => setTimeout(resolve, 1_000 / keypadLimits.keysPerSecond));
    }
    t.clock.advance(limit - elapsed);

    expect(await ended).toBe(keypadCloseCodes.timeUp);
  });
});

describe('issue 32 point 7: a member holds one machine’s keypad at a time (spec §7)', () => {
  it('closes the older session (4410) when the member opens another machine’s keypad, and frees its machine', async () => {
    const who = await member();
    const older = await signedIn(t, 'teclado', who.token);
    const replaced = closing(older);

    const newer = await signedIn(t, 'teclado2', who.token);

    expect(await replaced).toBe(keypadCloseCodes.replaced);
    expect(await leasesOf(who.id)).toEqual(['teclado2']);
    const someoneElse = await signedIn(t, 'teclado', (await member()).token);
    someoneElse.close();
    newer.close();
  });

  it('keeps the session where the member opened a second socket on the same machine', async () => {
    const who = await member();
    const first = await signedIn(t, 'teclado', who.token);

    const second = await signedIn(t, 'teclado', who.token);
    await press(first, '2');

    expect(await leasesOf(who.id)).toEqual(['teclado']);
    first.close();
    second.close();
  });

  it("leaves the member's session alone when the other machine is another member's (4409)", async () => {
    const who = await member();
    const mine = await signedIn(t, 'teclado', who.token);
    const theirs = await signedIn(t, 'teclado2', (await member()).token);
    const refused = await openKeypad(t, 'teclado2');
    const answer = closing(refused);

    refused.send(JSON.stringify({ token: who.token }));

    expect(await answer).toBe(keypadCloseCodes.machineBusy);
    await press(mine, '3');
    mine.close();
    theirs.close();
  });

  it('keeps one of two machines a member opens at the same moment; the other closes (4410)', async () => {
    const who = await member();
    const sockets = [await openKeypad(t, 'teclado'), await openKeypad(t, 'teclado2')];
    const closings = sockets.map(closing);
    const answers = sockets.map(answered);

    for (const socket of sockets) socket.send(JSON.stringify({ token: who.token }));
    await Promise.all(answers);

    expect(await leasesOf(who.id)).toHaveLength(1);
    expect(await Promise.race(closings)).toBe(keypadCloseCodes.replaced);
    for (const socket of sockets) socket.close();
  });
});

describe('issue 32 point 7 on PostgreSQL, where takes run side by side', () => {
  it("keeps one machine of a member whose two takes wait at the same moment on their other machine's lease", async ({
    skip,
  }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { db } = t.server.deps;
    const who = await member();
    // The member "holds" a third machine; this transaction holds that lease's row, so both takes, once
    // started, wait to end it at the same point: without one lock per member both would then keep theirs.
    await sql`insert into keypad_leases (id, machine, member_id, holder, lease_until)
      values (${`elsewhere-${who.id}`}, 'elsewhere', ${who.id}, 'another-process', ${new Date(t.clock.now().getTime() + 60_000)})`.execute(
      db,
    );
    const sockets = [await openKeypad(t, 'teclado'), await openKeypad(t, 'teclado2')];
    const closings = sockets.map(closing);
    const answers = sockets.map(answered);

    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('keypad_leases').select('id').where('member_id', '=', who.id).forUpdate().execute();
      for (const socket of sockets) socket.send(JSON.stringify({ token: who.token }));
      await expect
        .poll(async () => {
          const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
          return rows[0]?.waiting;
        })
        .toBe(2);
    });
    await Promise.all(answers);

    expect(await leasesOf(who.id)).toHaveLength(1);
    expect(await Promise.race(closings)).toBe(keypadCloseCodes.replaced);
  });
});

describe('issue 32 point 7 with two processes on one PostgreSQL', () => {
  let replicas: Awaited<ReturnType<typeof startReplicas>> | undefined;
  beforeAll(async () => {
    if (onPostgres) replicas = await startReplicas();
  }, 60_000);
  afterAll(() => replicas?.close());
  const both = () => {
    if (!replicas) throw new Error(replicasNeedPostgres);
    return replicas;
  };

  it("a member opening a machine's keypad on B closes their session on A (4410)", async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { a, b } = both();
    const who = await a.member('+525572100001');
    const older = await signedIn(a, 'teclado', who.token);
    const replaced = closing(older);

    const newer = await signedIn(b, 'teclado2', who.token);

    expect(await replaced).toBe(keypadCloseCodes.replaced);
    newer.close();
  });

  it('a session on A that sent no key for the user_type_timeout ends (4408), and a member on B takes the machine', async ({
    skip,
  }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { a, b } = both();
    const socket = await signedIn(a, 'teclado', (await a.member('+525572100002')).token);
    const ended = closing(socket);

    await b.dev('/machines/teclado/keypad/age', { seconds: 30 });

    expect(await ended).toBe(keypadCloseCodes.idle);
    const next = await signedIn(b, 'teclado', (await b.member('+525572100003')).token);
    next.close();
  });
});
