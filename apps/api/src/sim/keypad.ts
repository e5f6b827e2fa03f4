import { randomUUID } from 'node:crypto';
import type { KeypadKey } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { type Notifications, sessionEndedChannel } from '../db/notifications.ts';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../log.ts';

interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Who opened a keypad socket: the member, and the session (by its token's hash) that let them in. */
export interface KeypadMember {
  readonly memberId: number;
  readonly tokenHash: string;
}

/**
 * The touchless keypads of the simulated machines, shared by every API process on the database: which
 * member holds each machine's keypad (one member at a time, a lease row per process with sockets on
 * it), and the last keys each machine received (a table). A process keeps only its own sockets.
 */
export interface KeypadHub {
  /** Opens a member's keypad session; `busy` while another member holds the machine, on any process. */
  attach(machine: string, member: KeypadMember, socket: Socket): Promise<(() => void) | 'busy'>;
  /** The machine receives a key, whichever process took it. */
  press(machine: string, key: KeypadKey): Promise<void>;
  recent(machine: string): Promise<readonly KeypadKey[]>;
  /**
   * Ends the machine's keypad session, as a machine ending it does: its sockets on every process close
   * with 4000 and the machine is free at once. Answers how many processes held it.
   */
  close(machine: string): Promise<number>;
  /** Closes this process's sockets (4000) and gives their machines back. */
  closeAll(): Promise<void>;
  /** closeAll, and stops refreshing leases and listening: the server is stopping. */
  stop(): Promise<void>;
}

/** The last keys kept per machine. */
const kept = 50;

/** Close code of a session the machine ended (the app shows "Click to reconnect"). */
export const ENDED_BY_MACHINE = 4000;
/** Close code of a socket whose session was signed out or revoked (keypadCloseCodes.signInNeeded). */
const SIGNED_OUT = 4401;

/** Channels every process listens on. */
export const keypadChannels = {
  /** payload: a machine's name; its keypad session ended. */
  ended: 'vendo_keypad_ended',
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
}

export interface KeypadHubOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly notifications: Notifications;
  /** How often this process refreshes its leases and checks its sockets' sessions. */
  readonly heartbeatSeconds: number;
  /**
   * How long a lease lasts unrefreshed: a process that died frees its machines after it. Only a lease
   * another process found expired and deleted is lost; a late refresh of one still there keeps it.
   */
  readonly leaseSeconds: number;
  readonly log: Logger;
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
      // Every process takes a machine's keypad under this row lock: two members taking it at the same
      // moment on two processes cannot both find it free.
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
      await trx
        .insertInto('keypad_leases')
        .values({ id, machine, member_id: memberId, holder, lease_until: leaseUntil() })
        .execute();
      return true;
    });
  }

  /** Gives the machine back: once this resolves, any process may give it to another member. */
  async function release(session: Session) {
    if (sessions.get(session.machine) === session) sessions.delete(session.machine);
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

  const end = (session: Session, code: number, reason: string) =>
    closeSockets(session, [...session.sockets.keys()], code, reason);

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
          SIGNED_OUT,
          'signed out',
        );
      }),
    );
  }

  /**
   * Keeps this process's leases alive, and catches up with what a notification missed while the
   * listening connection was away: a lease deleted (the machine ended the session, or another process
   * found it expired) ends its sockets, and revoked sessions close theirs.
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
      held
        .filter((session) => !live.has(session.id))
        .map((session) => end(session, ENDED_BY_MACHINE, 'session closed by the machine')),
    );
    await closeSignedOut(held.filter((session) => session.sockets.size > 0));
  }

  await notifications.subscribe(keypadChannels.ended, (machine) => {
    const session = sessions.get(machine);
    if (session) end(session, ENDED_BY_MACHINE, 'session closed by the machine').catch(failed('end'));
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
    async attach(machine, member, socket) {
      if (stopped) {
        socket.close(ENDED_BY_MACHINE, 'the server is stopping');
        return () => {};
      }
      let session = sessions.get(machine);
      if (!session) {
        const id = randomUUID();
        session = {
          id,
          machine,
          memberId: member.memberId,
          sockets: new Map(),
          taken: take(id, machine, member.memberId),
          held: false,
        };
        sessions.set(machine, session);
      }
      if (session.memberId !== member.memberId) return 'busy';
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
        return 'busy';
      }
      // Ended while its lease was being written (the machine closed it): this socket came too late,
      // and the row written meanwhile goes too.
      if (sessions.get(machine) !== mine) {
        await release(mine);
        return 'busy';
      }
      mine.held = true;
      mine.sockets.set(socket, member.tokenHash);
      return () => {
        if (!mine.sockets.delete(socket)) return;
        if (mine.sockets.size === 0) release(mine).catch(failed('release'));
      };
    },
    async press(machine, key) {
      await db.insertInto('keypad_keys').values({ machine, key }).execute();
      const oldestKept = await db
        .selectFrom('keypad_keys')
        .select('id')
        .where('machine', '=', machine)
        .orderBy('id', 'desc')
        .offset(kept - 1)
        .limit(1)
        .executeTakeFirst();
      if (oldestKept) {
        await db.deleteFrom('keypad_keys').where('machine', '=', machine).where('id', '<', oldestKept.id).execute();
      }
    },
    async recent(machine) {
      const rows = await db
        .selectFrom('keypad_keys')
        .select('key')
        .where('machine', '=', machine)
        .orderBy('id', 'desc')
        .limit(kept)
        .execute();
      return rows.map((row) => row.key as KeypadKey).reverse();
    },
    close(machine) {
      return db.transaction().execute(async (trx) => {
        const ended = await trx.deleteFrom('keypad_leases').where('machine', '=', machine).returning('id').execute();
        await notifications.publish(keypadChannels.ended, machine, trx);
        return ended.length;
      });
    },
    async closeAll() {
      await Promise.all(
        [...sessions.values()].map((session) => end(session, ENDED_BY_MACHINE, 'session closed by the machine')),
      );
      await db.deleteFrom('keypad_leases').where('holder', '=', holder).execute().catch(failed('release'));
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
