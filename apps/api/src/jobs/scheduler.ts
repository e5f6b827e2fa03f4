import type { QueryExecutorProvider } from 'kysely';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../log.ts';

/** Work that must happen at a time even if nobody asks for it: a step of a deal or card link, a top-up, an e-mail, a clean-up. */
export type Job =
  | { readonly kind: 'deal_step'; readonly dealId: number }
  | { readonly kind: 'card_link_step'; readonly linkId: number }
  | { readonly kind: 'auto_top_up'; readonly dealId: number }
  /**
   * E-mails the receipt of a delivered deal or a credited top-up to its member (issue 35 point 4): `asked`
   * for ("Enviar a mi correo"), or sent because they get `every_receipt` (services/receipt-mail.ts).
   */
  | {
      readonly kind: 'receipt_mail';
      readonly receipt: 'deal' | 'top_up';
      readonly id: number;
      readonly memberId: number;
      readonly reason: 'asked' | 'every_receipt';
    }
  /** Issue 37 point 4: sends a balance refund's parts to the card provider and the bank (balance-refund-sending.ts). */
  | { readonly kind: 'balance_refund'; readonly refundId: number }
  /** Removes rows past their life (services/clean-up.ts), then arms the next run. */
  | { readonly kind: 'clean_up' };

export type JobHandler = (job: Job) => Promise<void>;

export interface AtOptions {
  /** Adding the same key again while its job waits adds nothing (a restart re-arms what is on its way). */
  readonly key?: string;
  /** The transaction the job belongs to: where the scheduler is durable, the job exists only if it commits. */
  readonly within?: QueryExecutorProvider;
}

/**
 * When work runs, behind one port: in-process timers for a single process (embedded PGlite), or a
 * job queue in PostgreSQL that any replica works off, so a job outlives the process that armed it.
 * Either way a job runs at least once: every handler finds out for itself whether anything is left to do.
 */
export interface Scheduler {
  /** Runs `job` at `time`, read on the server's clock: never before it. */
  at(time: Date, job: Job, options?: AtOptions): Promise<void>;
  /** Starts running due jobs with `handle`; jobs added before are kept until then. */
  start(handle: JobHandler): Promise<void>;
  /** Runs nothing more and waits for the jobs already running. */
  stop(): Promise<void>;
  /** What waits to run, read when asked (a metrics scrape): wherever the jobs are kept. */
  backlog(): Promise<Backlog>;
}

/** Jobs waiting to run, and how long the longest-due one has been due (0 when none is). */
export interface Backlog {
  readonly depth: number;
  readonly oldestDueSeconds: number;
}

/** Today's single-process timers: gone with the process, re-armed at the next start. */
export function timerScheduler(clock: Clock, log: Logger): Scheduler {
  /** Each armed timer with the time its job is due. */
  const timers = new Map<NodeJS.Timeout, Date>();
  const running = new Set<Promise<void>>();
  const waiting: { time: Date; job: Job }[] = [];
  let handle: JobHandler | null = null;
  let stopped = false;

  function arm(time: Date, job: Job) {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (stopped || !handle) return;
        // Node's timers keep their own clock, which may run a millisecond or so ahead of the server's (or
        // the server's may be set back): a job early by it would find nothing due yet, and nothing would
        // run it again. It waits for the rest instead.
        if (clock.now() < time) return arm(time, job);
        const run = handle(job)
          .catch((error: unknown) => log.error({ err: error, job: job.kind }, 'vendo: a job failed'))
          .finally(() => running.delete(run));
        running.add(run);
      },
      Math.max(1, time.getTime() - clock.now().getTime()),
    );
    timer.unref();
    timers.set(timer, time);
  }

  return {
    async at(time, job) {
      if (stopped) return;
      if (handle) arm(time, job);
      else waiting.push({ time, job });
    },
    async start(handler) {
      handle = handler;
      for (const { time, job } of waiting.splice(0)) arm(time, job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.keys()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
    async backlog() {
      const now = clock.now().getTime();
      const due = [...timers.values(), ...waiting.map((entry) => entry.time)].map((time) => time.getTime());
      const oldest = Math.min(now, ...due);
      return { depth: due.length, oldestDueSeconds: (now - oldest) / 1000 };
    },
  };
}
