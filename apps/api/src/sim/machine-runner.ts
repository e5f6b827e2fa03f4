import type { Db } from '../db/database.ts';
import type { MachineScriptKind as ScriptKind, TimelineStep } from '../db/schema.ts';
import type { Job, Scheduler } from '../jobs/scheduler.ts';
import type { Clock } from '../services/clock.ts';
import { settleCardLink, settleDeal, topUpAfterDeal } from '../services/settlement.ts';
import type { CardProvider } from './card-provider.ts';
import { stepTimes } from './timeline.ts';

type Executor = Pick<Db, 'selectFrom' | 'deleteFrom'>;

export interface MachineProfile {
  readonly id: number;
  readonly status: 'online' | 'offline';
  readonly automatic_delivery: boolean;
}

/**
 * The simulated vending machines: how each deal and card link moves through its
 * statuses, and the jobs that settle them even when nobody is watching.
 * Statuses are derived from a timeline kept with the deal, so a restart loses nothing.
 */
export interface MachineRunner {
  /** The next deal's statuses: a script for this member or for anyone, else the machine's own. */
  dealTimeline(db: Executor, machine: MachineProfile, memberId: number): Promise<TimelineStep[]>;
  cardLinkTimeline(db: Executor, machine: MachineProfile, memberId: number): Promise<TimelineStep[]>;
  watchDeal(dealId: number, startedAt: Date, timeline: readonly TimelineStep[]): Promise<void>;
  watchCardLink(linkId: number, startedAt: Date, timeline: readonly TimelineStep[]): Promise<void>;
  /** Starts running jobs and re-arms everything still on its way (after a start). */
  resume(): Promise<void>;
  /** Runs no more jobs; waits for the ones running. */
  stop(): Promise<void>;
  /** Where settlement leaves what follows it (an automatic top-up). */
  readonly jobs: Scheduler;
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

/**
 * Takes (and deletes) the oldest script of a kind for a machine that applies to
 * the member: one scripted for them, or for anyone. Journeys script per member,
 * so journeys running side by side on one machine never take each other's.
 */
export async function takeScript(db: Executor, machineId: number, kind: ScriptKind, memberId: number) {
  const script = await db
    .selectFrom('machine_scripts')
    .select(['id', 'payload'])
    .where('machine_id', '=', machineId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('member_id', 'is', null), eb('member_id', '=', memberId)]))
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!script) return null;
  await db.deleteFrom('machine_scripts').where('id', '=', script.id).execute();
  return script.payload;
}

export function createMachineRunner(db: Db, clock: Clock, cardProvider: CardProvider, jobs: Scheduler): MachineRunner {
  // Keyed by the row and its start (ids restart after a reset) and the step: re-arming adds nothing twice.
  async function arm(name: string, id: number, startedAt: Date, timeline: readonly TimelineStep[], job: Job) {
    for (const at of new Set(stepTimes(timeline))) {
      const key = `${name}:${id}@${startedAt.getTime()}+${at}`;
      await jobs.at(new Date(startedAt.getTime() + at), job, { key });
    }
  }

  function run(job: Job): Promise<void> {
    switch (job.kind) {
      case 'deal_step':
        return settleDeal(db, clock, jobs, job.dealId);
      case 'card_link_step':
        return settleCardLink(db, clock, job.linkId);
      case 'auto_top_up':
        return topUpAfterDeal({ db, clock, cardProvider }, job.dealId);
    }
  }

  return {
    async dealTimeline(tx, machine, memberId) {
      const scripted = (await takeScript(tx, machine.id, 'deal', memberId)) as TimelineStep[] | null;
      if (scripted) return [{ status: 1, after_ms: 0 }, ...scripted];
      if (machine.status === 'offline') return [{ status: 1, after_ms: 0 }];
      return [
        { status: 1, after_ms: 0 },
        { status: 2, after_ms: machineTimings.connect },
        {
          status: 0,
          after_ms: machine.automatic_delivery ? machineTimings.automaticDelivery : machineTimings.selection,
        },
      ];
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
    jobs,
    watchDeal(dealId, startedAt, timeline) {
      return arm('deal', dealId, startedAt, timeline, { kind: 'deal_step', dealId });
    },
    watchCardLink(linkId, startedAt, timeline) {
      return arm('card_link', linkId, startedAt, timeline, { kind: 'card_link_step', linkId });
    },
    async resume() {
      await jobs.start(run);
      // Durable jobs outlive a process, but the one that made a deal may have stopped before adding
      // them: every start adds what is missing (keys make the rest a no-op).
      const deals = await db
        .selectFrom('deals')
        .select(['id', 'started_at', 'timeline'])
        .where('settled_at', 'is', null)
        .execute();
      for (const deal of deals) await this.watchDeal(deal.id, deal.started_at, deal.timeline);
      const links = await db
        .selectFrom('card_links')
        .select(['id', 'started_at', 'timeline'])
        .where('cancelled_at', 'is', null)
        .where('status', 'in', ['in_progress', 'waiting', 'authenticated'])
        .execute();
      for (const link of links) await this.watchCardLink(link.id, link.started_at, link.timeline);
    },
    stop() {
      return jobs.stop();
    },
  };
}
