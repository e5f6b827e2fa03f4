// Open-loop load for the benches: requests go out at a set rate whether or not earlier ones have been
// answered (as members' phones do), so a slow server shows as latency instead of a politely lower rate.
import { Agent, get } from 'node:http';

export interface Target {
  /** The i-th request's path and token (spread over many members). */
  readonly request: (index: number) => { readonly path: string; readonly token?: string };
}

export interface Step {
  readonly rate: number;
  readonly achieved: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly errors: number;
  /** Failed answers by status (0: no answer). */
  readonly failures: Readonly<Record<number, number>>;
}

/** What a run may allow and still count: the target is p99 ≤ 50 ms with no errors. */
export const capacityRule = { p99Ms: 50, stepSeconds: 4, growth: 1.25, startRate: 100, refinements: 2 } as const;

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function once(url: string, token: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const request = get(
      url,
      { agent, headers: token ? { Authorization: `Token token=${token}` } : {}, timeout: 10_000 },
      (answer) => {
        answer.resume();
        answer.once('end', () => resolve(answer.statusCode ?? 0));
        answer.once('error', () => resolve(0));
      },
    );
    request.once('error', () => resolve(0));
    // An answer that never comes is a failure, not a bench that waits forever.
    request.once('timeout', () => request.destroy());
  });
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * Sends `rate` requests a second for `seconds`, each when it is due whether or not earlier ones were
 * answered; latency counts from when each was sent.
 */
export async function step(base: string, target: Target, rate: number, seconds: number): Promise<Step> {
  const latencies: number[] = [];
  let errors = 0;
  const failures: Record<number, number> = {};
  let sent = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent++) {
      const sentAt = performance.now();
      const { path, token } = target.request(sent);
      inFlight.push(
        once(`${base}${path}`, token).then((status) => {
          if (status !== 200) {
            errors++;
            failures[status] = (failures[status] ?? 0) + 1;
          }
          latencies.push(performance.now() - sentAt);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    rate,
    achieved: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    failures,
  };
}

const holds = (result: Step, rate: number) =>
  result.p99 <= capacityRule.p99Ms && result.errors === 0 && result.achieved >= rate * 0.9;

/**
 * Judges a rate: measured once, and when that fails, again, up to three times in all; it holds when
 * two of its measurements hold. A single stall of this shared machine (100 ms) pushes a 4-second
 * step's p99 past the bound, and every mode is judged alike.
 */
async function judge(base: string, target: Target, rate: number): Promise<{ held: Step | null; tries: Step[] }> {
  const again = () => step(base, target, rate, capacityRule.stepSeconds);
  const first = await again();
  const tries = [first];
  if (!holds(first, rate)) {
    const second = await again();
    tries.push(second);
    // One failed, one held: a third measurement decides.
    if (holds(second, rate)) tries.push(await again());
  }
  const passing = tries.filter((result) => holds(result, rate));
  return { held: passing.length * 2 > tries.length ? (passing.at(-1) ?? null) : null, tries };
}

/**
 * Raises the rate step by step until a rate fails, then halves the gap between the last rate that
 * held and the one that failed, `refinements` times: ×1.25 steps alone made the figure move by a
 * quarter at a time. Answers the highest rate that held (its achieved rate is the figure) and every
 * measurement made.
 */
export async function capacity(base: string, target: Target): Promise<{ held: Step | null; steps: Step[] }> {
  const steps: Step[] = [];
  let held: Step | null = null;
  let failed: number | null = null;
  // A short warm-up: connections opened and the JIT warm before anything counts.
  await step(base, target, capacityRule.startRate / 2, 2);
  for (let rate: number = capacityRule.startRate; rate < 100_000; rate = Math.round(rate * capacityRule.growth)) {
    const judged = await judge(base, target, rate);
    steps.push(...judged.tries);
    if (!judged.held) {
      failed = rate;
      break;
    }
    held = judged.held;
  }
  for (let refinement = 0; refinement < capacityRule.refinements && held && failed !== null; refinement++) {
    const rate = Math.round((held.rate + failed) / 2);
    const judged = await judge(base, target, rate);
    steps.push(...judged.tries);
    if (judged.held) held = judged.held;
    else failed = rate;
  }
  return { held, steps };
}

export function closeLoad() {
  agent.destroy();
}
