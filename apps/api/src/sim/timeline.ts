import type { TimelineStep } from '../db/schema.ts';

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

/** Deal statuses 1 (connecting) and 2 (ready) are on the way; every other one ends the deal. */
export const dealFinished = (status: number) => status !== 1 && status !== 2;

/** Card links end when linked, failed, expired or in error. */
export const cardLinkFinished = (status: string) => !['in_progress', 'waiting', 'authenticated'].includes(status);
