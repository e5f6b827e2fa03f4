import { dealEnded, deliveryStatus } from '@vendo/core/contract';
/**
 * A simulated lifecycle (a deal, a card link) is stored as its timeline and its start, never as a
 * status edited by a timer: the status at any moment follows from them, so a restart loses nothing.
 */

/** One step of a simulated lifecycle: this status, `after_ms` after the previous one. */
export interface TimelineStep {
  readonly status: number | string;
  readonly after_ms: number;
  /** A deal's delivery (0) of a keypad buy: the selection the machine vended, which the deal is charged for. */
  readonly selection?: string;
}

/** The step a lifecycle has reached `elapsedMs` after it started: steps are relative to the one before. */
export function stepAt(timeline: readonly TimelineStep[], elapsedMs: number): TimelineStep | undefined {
  let at = 0;
  let reached = timeline[0];
  for (const step of timeline) {
    at += step.after_ms;
    if (at > elapsedMs) break;
    reached = step;
  }
  return reached;
}

/** The status a lifecycle has reached `elapsedMs` after it started. */
export function statusAt<S extends number | string>(timeline: readonly TimelineStep[], elapsedMs: number): S {
  return stepAt(timeline, elapsedMs)?.status as S;
}

/** Milliseconds from the start at which each step is reached. */
export function stepTimes(timeline: readonly TimelineStep[]): number[] {
  let at = 0;
  return timeline.map((step) => {
    at += step.after_ms;
    return at;
  });
}

/** Card links end when linked, failed, expired or in error. */
export const cardLinkFinished = (status: string) => !['in_progress', 'waiting', 'authenticated'].includes(status);

interface Lifecycle<S> {
  readonly timeline: readonly TimelineStep[];
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  /** The status last stored. */
  readonly status: S;
}

interface DealLifecycle extends Lifecycle<number> {
  /** Still connecting (1) this long after the start, the deal is over: the machine never answered. */
  readonly connectTimeoutMs: number;
}

/**
 * Issue 32 point 6: a deal whose machine has not answered (still 1) by its connect timeout ends there,
 * as the member's screen does (spec §4: a communication failure), so no deal waits for ever.
 */
export function connectTimedOut(deal: Omit<DealLifecycle, 'status'>, now: Date): boolean {
  const elapsed = now.getTime() - deal.startedAt;
  return elapsed >= deal.connectTimeoutMs && statusAt<number>(deal.timeline, elapsed) === deliveryStatus.connecting;
}

/**
 * Whether an unsettled deal has work for settlement at `now`: its timeline moved past the stored
 * status, or reached an end (which settles it, charging or releasing the hold, even unchanged), or
 * its machine never answered within the connect timeout.
 */
export function dealBehind(deal: DealLifecycle, now: Date): boolean {
  const due = statusAt<number>(deal.timeline, now.getTime() - deal.startedAt);
  return due !== deal.status || dealEnded(due) || connectTimedOut(deal, now);
}

/** Whether a card link still on its way has reached another status by `now`. */
export function cardLinkBehind(link: Lifecycle<string>, now: Date): boolean {
  return (
    !cardLinkFinished(link.status) && statusAt<string>(link.timeline, now.getTime() - link.startedAt) !== link.status
  );
}
