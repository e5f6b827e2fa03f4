import type { ErrorObject } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { stepTimes, type TimelineStep } from '../domain/timeline.ts';
import type { Job, Scheduler } from '../jobs/scheduler.ts';
import { addScripts, type Executor, type MachineScript, takeScript } from './machine-scripts.ts';

export interface MachineProfile {
  readonly id: number;
  readonly status: 'online' | 'offline';
  readonly automatic_delivery: boolean;
}

/** Who asks the machine for a deal, and whether they choose on its own keyboard (any product). */
export interface DealAsked {
  readonly memberId: number;
  readonly anyProduct: boolean;
}

/** A deal on its way, as its jobs need it. */
export interface WatchedDeal {
  readonly id: number;
  readonly startedAt: Date;
  readonly timeline: readonly TimelineStep[];
  readonly connectTimeoutMs: number;
}

/** What a machine moved on for: a deal's or a card link's next step is due. */
export type DueKind = 'deal' | 'card_link';

/** The jobs the runner arms: each becomes a call of its `onDue`. */
export type MachineJob = Extract<Job, { kind: 'deal_step' | 'card_link_step' }>;

/**
 * The simulated vending machines: how each deal and card link moves through its statuses, and the
 * jobs that say when a step is due even when nobody is watching. What a due step means (a delivery
 * charged, a card linked) is not the machines' business: whoever made the runner decides (`onDue`).
 * Statuses are derived from a timeline kept with the deal, so a restart loses nothing.
 */
export interface MachineRunner {
  /**
   * The next deal's statuses: a script for this member or for anyone, else the machine's own. A keypad
   * buy's delivery says which selection was vended: the script's, else the machine's cheapest product.
   */
  dealTimeline(db: Executor, machine: MachineProfile, deal: DealAsked): Promise<TimelineStep[]>;
  cardLinkTimeline(db: Executor, machine: MachineProfile, memberId: number): Promise<TimelineStep[]>;
  /** The error object the machine's next buy for this member is refused with (a dev script), if any. */
  dealRefusal(db: Executor, machineId: number, memberId: number): Promise<ErrorObject | null>;
  /** Dev control: the machine goes on- or offline, and its next outcomes follow the script. */
  script(machineId: number, script: MachineScript & { online?: boolean | undefined }): Promise<string[]>;
  /** Arms a job at each step of the deal, and one at its connect timeout (when a deal never answered ends). */
  watchDeal(deal: WatchedDeal): Promise<void>;
  watchCardLink(linkId: number, startedAt: Date, timeline: readonly TimelineStep[]): Promise<void>;
  /** Runs a job the runner armed: its `onDue`. */
  run(job: MachineJob): Promise<void>;
  /** Re-arms everything still on its way (after a start: the process that armed it may be gone). */
  resume(): Promise<void>;
}

/** Default lifecycle timings of the simulated machines (ms). */
export const machineTimings = {
  connect: 1_500,
  selection: 4_000,
  automaticDelivery: 2_000,
  cardLinkWaiting: 1_500,
  cardLinkAuthenticated: 4_000,
  cardLinkLinked: 4_000,
} as const;

export function createMachineRunner(
  db: Db,
  jobs: Pick<Scheduler, 'at'>,
  onDue: (kind: DueKind, id: number) => Promise<void>,
): MachineRunner {
  // Keyed by the row and its start (ids restart after a reset) and the step: re-arming adds nothing twice.
  async function arm(name: string, id: number, startedAt: Date, times: readonly number[], job: Job) {
    for (const at of new Set(times)) {
      const key = `${name}:${id}@${startedAt.getTime()}+${at}`;
      await jobs.at(new Date(startedAt.getTime() + at), job, { key });
    }
  }

  return {
    async dealTimeline(tx, machine, { memberId, anyProduct }) {
      const scripted = (await takeScript(tx, machine.id, 'deal', memberId)) as TimelineStep[] | null;
      // An offline machine is never asked: deals on it are refused (services/deals.ts).
      const steps: TimelineStep[] = scripted
        ? [{ status: 1, after_ms: 0 }, ...scripted]
        : [
            { status: 1, after_ms: 0 },
            { status: 2, after_ms: machineTimings.connect },
            {
              status: 0,
              after_ms: machine.automatic_delivery ? machineTimings.automaticDelivery : machineTimings.selection,
            },
          ];
      if (!anyProduct) return steps;
      // Nobody types on an emulated machine: unless a script says otherwise, it vends its cheapest product.
      const cheapest = await tx
        .selectFrom('products')
        .select('user_code')
        .where('machine_id', '=', machine.id)
        .where('sellable', '=', true)
        .orderBy('price_cents', 'asc')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst();
      return steps.map((step) =>
        step.status === 0 && step.selection === undefined && cheapest
          ? { ...step, selection: cheapest.user_code }
          : step,
      );
    },
    async cardLinkTimeline(tx, machine, memberId) {
      const scripted = (await takeScript(tx, machine.id, 'card_link', memberId)) as TimelineStep[] | null;
      if (scripted) return [{ status: 'in_progress', after_ms: 0 }, ...scripted];
      if (machine.status === 'offline') return [{ status: 'in_progress', after_ms: 0 }];
      return [
        { status: 'in_progress', after_ms: 0 },
        { status: 'waiting', after_ms: machineTimings.cardLinkWaiting },
        { status: 'authenticated', after_ms: machineTimings.cardLinkAuthenticated },
        { status: 'linked', after_ms: machineTimings.cardLinkLinked },
      ];
    },
    async dealRefusal(tx, machineId, memberId) {
      return (await takeScript(tx, machineId, 'deal_error', memberId)) as ErrorObject | null;
    },
    async script(machineId, { online, ...script }) {
      if (online !== undefined) {
        await db
          .updateTable('machines')
          .set({ status: online ? 'online' : 'offline' })
          .where('id', '=', machineId)
          .execute();
      }
      return addScripts(db, machineId, script);
    },
    watchDeal({ id, startedAt, timeline, connectTimeoutMs }) {
      const times = [...stepTimes(timeline), connectTimeoutMs];
      return arm('deal', id, startedAt, times, { kind: 'deal_step', dealId: id });
    },
    watchCardLink(linkId, startedAt, timeline) {
      return arm('card_link', linkId, startedAt, stepTimes(timeline), { kind: 'card_link_step', linkId });
    },
    run(job) {
      return job.kind === 'deal_step' ? onDue('deal', job.dealId) : onDue('card_link', job.linkId);
    },
    async resume() {
      // Durable jobs outlive a process, but the one that made a deal may have stopped before adding
      // them: every start adds what is missing (keys make the rest a no-op).
      const deals = await db
        .selectFrom('deals')
        .select(['id', 'started_at', 'timeline', 'connect_timeout_ms'])
        .where('settled_at', 'is', null)
        .execute();
      for (const deal of deals) {
        await this.watchDeal({
          id: deal.id,
          startedAt: deal.started_at,
          timeline: deal.timeline,
          connectTimeoutMs: deal.connect_timeout_ms,
        });
      }
      const links = await db
        .selectFrom('card_links')
        .select(['id', 'started_at', 'timeline'])
        .where('cancelled_at', 'is', null)
        .where('status', 'in', ['in_progress', 'waiting', 'authenticated'])
        .execute();
      for (const link of links) await this.watchCardLink(link.id, link.started_at, link.timeline);
    },
  };
}
