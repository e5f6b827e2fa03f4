import { dealEnded } from '@vendo/core/contract';
/**
 * A simulated lifecycle (a deal, a card link) is stored as its timeline and its start, never as a
 * status edited by a timer: the status at any moment follows from them, so a restart loses nothing.
 */

/** One step of a simulated lifecycle: this status, `after_ms` after the previous one. */
export interface TimelineStep {
  readonly status: number | string;
  readonly after_ms: number;
}

/** The status a lifecycle has reached `elapsedMs` after it started: steps are relative to the one before. */
export function statusAt<S extends number | string>(timeline: readonly TimelineStep[], elapsedMs: number): S {
  let at = 0;
  let status = timeline[0]?.status;
  for (const step of timeline) {
    at += step.after_ms;
    if (at > elapsedMs) break;
    status = step.status;
  }
  return status as S;
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

/**
 * Whether an unsettled deal has work for settlement at `now`: its timeline moved past the stored
 * status, or reached an end (which settles it, charging or releasing the hold, even unchanged).
 */
export function dealBehind(deal: Lifecycle<number>, now: Date): boolean {
  const due = statusAt<number>(deal.timeline, now.getTime() - deal.startedAt);
  return due !== deal.status || dealEnded(due);
}

/** Whether a card link still on its way has reached another status by `now`. */
export function cardLinkBehind(link: Lifecycle<string>, now: Date): boolean {
  return (
    !cardLinkFinished(link.status) && statusAt<string>(link.timeline, now.getTime() - link.startedAt) !== link.status
  );
}
