import type { SimulatedClock } from 'xstate';

/** One turn of the event loop: what the flow's promise actors answered is taken in before time moves on. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Moves a flow's simulated clock by `ms` in steps of `stepMs`, settling after each, so a reading that
 * answers during the wait is seen when it would be, not only at the end.
 */
export async function advance(clock: SimulatedClock, ms: number, stepMs = 100): Promise<void> {
  for (let elapsed = 0; elapsed < ms; elapsed += stepMs) {
    clock.increment(stepMs);
    await settle();
  }
}
