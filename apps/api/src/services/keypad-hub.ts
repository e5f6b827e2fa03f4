import { randomUUID } from 'node:crypto';
import { KEYPAD_CLOSE_CODES, type KeypadKey } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { type Notifications, sessionEndedChannel } from '../db/notifications.ts';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { KeypadMachines } from '../sim/keypad.ts';

interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Why a socket was not let in, or why its session ended: its close code and reason. */
export interface KeypadEnding {
  readonly code: number;
  readonly reason: string;
}

/** Who opened a keypad socket: the member, and the session (by its token's hash) that let them in. */
export interface KeypadMember {
  readonly memberId: number;
  readonly tokenHash: string;
}

/**
 * The machines' touchless keypads, shared by every API process on the database: which member holds
 * each machine's keypad (one member at a time, a lease row per process with sockets on it; one machine
 * per member), announced to the other processes by NOTIFY. A process keeps only its own sockets, and
 * ends its sessions that had no key for `idleSeconds` or lasted `sessionSeconds`. The keys go on to
 * the machine (`KeypadMachines`; the emulated ones are in sim/keypad.ts).
 */
export interface KeypadHub {
  /**
   * Opens a member's keypad session, which ends after `idleSeconds` without a key (the machine's
   * user_type_timeout); the member's session on another machine, on any process, ends (4410). Answers
   * how to close the socket instead while another member holds the machine, on any process (4409).
   */
  attach(
    machine: string,
    member: KeypadMember,
    socket: Socket,
    idleSeconds: number,
  ): Promise<(() => void) | KeypadEnding>;
  /** The machine receives a key, whichever process took it; its session here was not idle. */
  press(machine: string, key: KeypadKey): Promise<void>;
  /**
   * Ends the machine's keypad session, as a machine ending it does: its sockets on every process close
   * with 4000 and the machine is free at once. Answers how many processes held it.
   */
  close(machine: string): Promise<number>;
  /** Closes this process's sockets (4000) and gives their machines back. */
  closeAll(): Promise<void>;
  /** closeAll, and stops refreshing leases and listening: the server is stopping. */
  stop(): Promise<void>;
  /**
   * Dev control: the machine's keypad session, on every process, is `seconds` older, as if it had been
   * opened, and its last key sent, that much earlier; it ends at once if that puts it past a limit.
   */
  age(machine: string, seconds: number): Promise<void>;
}

const endings = {
  /** The app shows "Click to reconnect". */
  byMachine: { code: KEYPAD_CLOSE_CODES.endedByMachine, reason: 'session closed by the machine' },
  signedOut: { code: KEYPAD_CLOSE_CODES.signInNeeded, reason: 'signed out' },
  busy: { code: KEYPAD_CLOSE_CODES.machineBusy, reason: 'another member is using this keypad' },
  idle: { code: KEYPAD_CLOSE_CODES.idle, reason: 'no key in the machine’s user type time' },
  timeUp: { code: KEYPAD_CLOSE_CODES.timeUp, reason: 'the longest keypad session is over' },
  replaced: { code: KEYPAD_CLOSE_CODES.replaced, reason: 'the keypad of another machine was opened' },
} as const satisfies Record<string, KeypadEnding>;

/** Channels every process listens on. */
export const keypadChannels = {
  /** payload: a machine's name; its keypad session ended. */
  ended: 'vendo_keypad_ended',
  /** payload: a lease's id; its member opened another machine's keypad. */
  replaced: 'vendo_keypad_replaced',
  /** payload: `{ machine, seconds }` (dev control); that machine's keypad session is older by so much. */
  aged: 'vendo_keypad_aged',
  /** db/notifications.ts: one of a member's sessions was signed out or revoked. */
  sessionEnded: sessionEndedChannel,
} as const;

interface Session {
  readonly id: string;
  readonly machine: string;
  readonly memberId: number;
  /** Each socket, with the hash of the token that opened it. */
  readonly sockets: Map<Socket, string>;
  /** Resolves true once the lease row is written, false when another member holds the machine. */
  readonly taken: Promise<boolean>;
  held: boolean;
  /** When this process's session began and last sent a key (ms, the hub's clock), and its idle limit. */
  startedAt: number;
  lastKeyAt: number;
  readonly idleMs: number;
  /** Fires at the session's nearest limit, while it is held. */
  deadline?: NodeJS.Timeout;
  endedAs?: KeypadEnding;
}

export interface KeypadHubOptions {
  readonly db: Db;
  /** Where the keys a member types reach the machine. */
  readonly machines: KeypadMachines;
  readonly clock: Clock;
  readonly notifications: Notifications;
  /** How often this process refreshes its leases and checks its sockets' sessions. */
  readonly heartbeatSeconds: number;
  /**
   * How long a lease lasts unrefreshed: a process that died frees its machines after it. Only a lease
   * another process found expired and deleted is lost; a late refresh of one still there keeps it.
   */
  readonly leaseSeconds: number;
  /** The longest a session lasts on this process, keys or not (issue 32 point 7). */
  readonly sessionSeconds: number;
  readonly log: Logger;
  /** Counts the sessions this process opens and ends (vendo_keypad_sessions_total). */
  readonly sessionsCounted: Pick<Metrics['keypadSessions'], 'inc'>;
}

export async function createKeypadHub(options: KeypadHubOptions): Promise<KeypadHub> {
  const { db, clock, notifications, log } = options;
  const holder = randomUUID();
  // This process's own sessions, one per machine: they decide among this process's sockets, the
  // lease rows among processes.
  const sessions = new Map<string, Session>();
  let stopped = false;
  const leaseUntil = () => new Date(clock.now().getTime() + options.leaseSeconds * 1000);
  const failed = (what: string) => (error: unknown) => log.error({ err: error }, `vendo: keypad ${what} failed`);

  function take(id: string, machine: string, memberId: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      // Every process takes a keypad under the member's row lock, then the machine's (always in this
      // order): one member opening two machines at the same moment keeps one, and two members taking a
      // machine at the same moment on two processes cannot both find it free.
      await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
      await trx.selectFrom('machines').select('id').where('name', '=', machine).forUpdate().execute();
      await trx
        .deleteFrom('keypad_leases')
        .where('machine', '=', machine)
        .where('lease_until', '<=', clock.now())
        .execute();
      // This process's own rows are left over from sessions it already ended (their delete may be on
      // its way): its own map is what counts here.
      const other = await trx
        .selectFrom('keypad_leases')
        .select('id')
        .where('machine', '=', machine)
        .where('member_id', '!=', memberId)
        .where('holder', '!=', holder)
        .executeTakeFirst();
      if (other) return false;
      // One machine per member: their sessions on other machines end, on whichever process holds them.
      const older = await trx
        .deleteFrom('keypad_leases')
        .where('member_id', '=', memberId)
        .where('machine', '!=', machine)
        .returning('id')
        .execute();
      for (const lease of older) await notifications.publish(keypadChannels.replaced, lease.id, trx);
      await trx
        .insertInto('keypad_leases')
        .values({ id, machine, member_id: memberId, holder, lease_until: leaseUntil() })
        .execute();
      return true;
    });
  }

  /** Gives the machine back: once this resolves, any process may give it to another member. */
  async function release(session: Session) {
    clearTimeout(session.deadline);
    if (sessions.get(session.machine) === session) {
      sessions.delete(session.machine);
      // Only here does a session that was opened leave the map: it ends once.
      if (session.held) options.sessionsCounted.inc({ event: 'ended' });
    }
    // Stopping gave back every lease of this process at once, and the database is closing.
    if (stopped) return;
    await db.deleteFrom('keypad_leases').where('id', '=', session.id).execute().catch(failed('release'));
  }

  /** The sockets close after the machine is given back: whoever sees the close finds the machine free. */
  async function closeSockets(session: Session, sockets: readonly Socket[], code: number, reason: string) {
    for (const socket of sockets) session.sockets.delete(socket);
    if (session.sockets.size === 0) await release(session);
    for (const socket of sockets) socket.close(code, reason);
  }

  function end(session: Session, ending: KeypadEnding) {
    session.endedAs ??= ending;
    return closeSockets(session, [...session.sockets.keys()], ending.code, ending.reason);
  }

  /** Ends a session past its longest time (4440) or idle for its machine's user type time (4408). */
  function endIfOver(session: Session): boolean {
    const now = clock.now().getTime();
    const ending =
      now >= session.startedAt + options.sessionSeconds * 1000
        ? endings.timeUp
        : now >= session.lastKeyAt + session.idleMs
          ? endings.idle
          : null;
    if (ending) end(session, ending).catch(failed('end'));
    return ending !== null;
  }

  /** Wakes at the session's nearest limit: a key sent meanwhile moves it, so it is looked at again then. */
  function watch(session: Session) {
    clearTimeout(session.deadline);
    if (sessions.get(session.machine) !== session || endIfOver(session)) return;
    const at = Math.min(session.startedAt + options.sessionSeconds * 1000, session.lastKeyAt + session.idleMs);
    session.deadline = setTimeout(() => watch(session), at - clock.now().getTime());
    session.deadline.unref();
  }

  /** Closes the sockets whose session was signed out or revoked since they opened. */
  async function closeSignedOut(among: readonly Session[]) {
    const hashes = [...new Set(among.flatMap((session) => [...session.sockets.values()]))];
    if (hashes.length === 0) return;
    const live = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'in', hashes)
      .where('revoked_at', 'is', null)
      .execute();
    const alive = new Set(live.map((row) => row.token_hash));
    await Promise.all(
      among.map((session) => {
        const signedOut = [...session.sockets].filter(([, tokenHash]) => !alive.has(tokenHash));
        if (signedOut.length === 0) return undefined;
        return closeSockets(
          session,
          signedOut.map(([socket]) => socket),
          endings.signedOut.code,
          endings.signedOut.reason,
        );
      }),
    );
  }

  /**
   * Keeps this process's leases alive, and catches up with what a notification missed while the
   * listening connection was away: a lease deleted (the machine ended the session, or another process
   * found it expired) ends its sockets, and revoked sessions close theirs. Sessions past a limit end
   * too (their timers wake on the real clock; a test's clock moves without them).
   */
  async function beat() {
    const held = [...sessions.values()].filter((session) => session.held);
    if (held.length === 0) return;
    const refreshed = await db
      .updateTable('keypad_leases')
      .set({ lease_until: leaseUntil() })
      .where(
        'id',
        'in',
        held.map((session) => session.id),
      )
      .returning('id')
      .execute();
    const live = new Set(refreshed.map((row) => row.id));
    await Promise.all(
      held.filter((session) => !live.has(session.id)).map((session) => end(session, endings.byMachine)),
    );
    for (const session of held) if (live.has(session.id)) endIfOver(session);
    await closeSignedOut(held.filter((session) => session.sockets.size > 0));
  }

  await notifications.subscribe(keypadChannels.ended, (machine) => {
    const session = sessions.get(machine);
    if (session) end(session, endings.byMachine).catch(failed('end'));
  });
  await notifications.subscribe(keypadChannels.replaced, (leaseId) => {
    const session = [...sessions.values()].find((mine) => mine.id === leaseId);
    if (session) end(session, endings.replaced).catch(failed('end'));
  });
  await notifications.subscribe(keypadChannels.aged, (payload) => {
    const { machine, seconds } = JSON.parse(payload) as { machine: string; seconds: number };
    const session = sessions.get(machine);
    if (!session?.held) return;
    session.startedAt -= seconds * 1000;
    session.lastKeyAt -= seconds * 1000;
    watch(session);
  });
  await notifications.subscribe(keypadChannels.sessionEnded, (memberId) => {
    if (stopped) return;
    const theirs = [...sessions.values()].filter((session) => String(session.memberId) === memberId);
    closeSignedOut(theirs).catch(failed('sign-out'));
  });
  let beating: Promise<void> | null = null;
  const heartbeat = setInterval(() => {
    beating ??= beat()
      .catch(failed('heartbeat'))
      .finally(() => {
        beating = null;
      });
  }, options.heartbeatSeconds * 1000);
  // The server's sockets keep the process alive, not this timer.
  heartbeat.unref();

  const hub: KeypadHub = {
    async attach(machine, member, socket, idleSeconds) {
      if (stopped) {
        socket.close(endings.byMachine.code, 'the server is stopping');
        return () => {};
      }
      let session = sessions.get(machine);
      if (!session) {
        const id = randomUUID();
        const now = clock.now().getTime();
        session = {
          id,
          machine,
          memberId: member.memberId,
          sockets: new Map(),
          taken: take(id, machine, member.memberId),
          held: false,
          startedAt: now,
          lastKeyAt: now,
          idleMs: idleSeconds * 1000,
        };
        sessions.set(machine, session);
      }
      if (session.memberId !== member.memberId) return endings.busy;
      const mine = session;
      let taken: boolean;
      try {
        taken = await mine.taken;
      } catch (error) {
        if (sessions.get(machine) === mine) sessions.delete(machine);
        throw error;
      }
      if (!taken) {
        if (sessions.get(machine) === mine) sessions.delete(machine);
        return endings.busy;
      }
      // Ended while its lease was being written (the machine closed it, or the member opened another
      // machine's keypad): this socket came too late, and the row written meanwhile goes too.
      if (sessions.get(machine) !== mine) {
        await release(mine);
        return mine.endedAs ?? endings.busy;
      }
      if (!mine.held) options.sessionsCounted.inc({ event: 'opened' });
      mine.held = true;
      mine.sockets.set(socket, member.tokenHash);
      if (!mine.deadline) watch(mine);
      return () => {
        if (!mine.sockets.delete(socket)) return;
        if (mine.sockets.size === 0) release(mine).catch(failed('release'));
      };
    },
    async press(machine, key) {
      const session = sessions.get(machine);
      if (session) session.lastKeyAt = clock.now().getTime();
      await options.machines.receive(machine, key);
    },
    close(machine) {
      return db.transaction().execute(async (trx) => {
        const ended = await trx.deleteFrom('keypad_leases').where('machine', '=', machine).returning('id').execute();
        await notifications.publish(keypadChannels.ended, machine, trx);
        return ended.length;
      });
    },
    async closeAll() {
      await Promise.all([...sessions.values()].map((session) => end(session, endings.byMachine)));
      await db.deleteFrom('keypad_leases').where('holder', '=', holder).execute().catch(failed('release'));
    },
    async age(machine, seconds) {
      await notifications.publish(keypadChannels.aged, JSON.stringify({ machine, seconds }));
    },
    async stop() {
      clearInterval(heartbeat);
      await beating;
      await hub.closeAll();
      stopped = true;
    },
  };
  return hub;
}
