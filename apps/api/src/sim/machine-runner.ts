import type { Db } from '../db/database.ts';
import type { MachineScriptKind as ScriptKind, TimelineStep } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import type { Clock } from '../services/clock.ts';
import { settleCardLink, settleDeal } from '../services/settlement.ts';
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
 * statuses, and the timers that settle them even when nobody is watching.
 * Statuses are derived from a timeline kept with the deal, so a restart loses nothing.
 */
export interface MachineRunner {
  /** The next deal's statuses: a script for this member or for anyone, else the machine's own. */
  dealTimeline(db: Executor, machine: MachineProfile, memberId: number): Promise<TimelineStep[]>;
  cardLinkTimeline(db: Executor, machine: MachineProfile, memberId: number): Promise<TimelineStep[]>;
  watchDeal(dealId: number, startedAt: Date, timeline: readonly TimelineStep[]): void;
  watchCardLink(linkId: number, startedAt: Date, timeline: readonly TimelineStep[]): void;
  /** Re-arms the timers of everything still on its way (after a start). */
  resume(): Promise<void>;
  stop(): void;
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

export function createMachineRunner(db: Db, clock: Clock, cardProvider: CardProvider, log: Logger): MachineRunner {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function arm(startedAt: Date, timeline: readonly TimelineStep[], settle: () => Promise<unknown>) {
    const elapsed = clock.now().getTime() - startedAt.getTime();
    for (const at of new Set(stepTimes(timeline))) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (!stopped) settle().catch((error: unknown) => log.error({ err: error }, 'settlement failed'));
        },
        Math.max(0, at - elapsed),
      );
      timer.unref();
      timers.add(timer);
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
    watchDeal(dealId, startedAt, timeline) {
      arm(startedAt, timeline, () => settleDeal(db, clock, cardProvider, dealId));
    },
    watchCardLink(linkId, startedAt, timeline) {
      arm(startedAt, timeline, () => settleCardLink(db, clock, linkId));
    },
    async resume() {
      const deals = await db
        .selectFrom('deals')
        .select(['id', 'started_at', 'timeline'])
        .where('settled_at', 'is', null)
        .execute();
      for (const deal of deals) this.watchDeal(deal.id, deal.started_at, deal.timeline);
      const links = await db
        .selectFrom('card_links')
        .select(['id', 'started_at', 'timeline'])
        .where('cancelled_at', 'is', null)
        .where('status', 'in', ['in_progress', 'waiting', 'authenticated'])
        .execute();
      for (const link of links) this.watchCardLink(link.id, link.started_at, link.timeline);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
