import { describe, expect, it } from 'vitest';
import type { Clock } from '../domain/clock.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { type Job, timerScheduler } from './scheduler.ts';

const job: Job = { kind: 'deal_step', dealId: 1 };

/** The server's clock, set back by `ms` when asked (as a clock step or Node's timers running ahead would show). */
function settableClock() {
  let offset = 0;
  const clock: Clock & { setBack(ms: number): void } = {
    now: () => new Date(Date.now() + offset),
    setBack: (ms) => {
      offset -= ms;
    },
  };
  return clock;
}

describe('in-process jobs (a single process on PGlite)', () => {
  it('never runs a job before its time on the server clock: a timer that fires early waits for the rest (issue 32 point 6)', async () => {
    const clock = settableClock();
    const scheduler = timerScheduler(clock, capturedLog().logger);
    const ranAt: number[] = [];
    let ran: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      ran = resolve;
    });
    await scheduler.start(async () => {
      ranAt.push(clock.now().getTime());
      ran();
    });
    const due = new Date(clock.now().getTime() + 20);
    await scheduler.at(due, job);

    clock.setBack(40);
    await done;

    expect(ranAt).toHaveLength(1);
    expect(ranAt[0]).toBeGreaterThanOrEqual(due.getTime());
    await scheduler.stop();
  });

  it('runs a job at once when its time has passed', async () => {
    const clock = settableClock();
    const scheduler = timerScheduler(clock, capturedLog().logger);
    const ran = new Promise<Job>((resolve) => void scheduler.start(async (given) => resolve(given)));

    await scheduler.at(new Date(clock.now().getTime() - 1_000), job);

    expect(await ran).toEqual(job);
    await scheduler.stop();
  });
});
