import { describe, expect, it } from 'vitest';
import { isStillWorking, isTransient, isUnanswered, stillWorkingWaitMs } from './error-checks.ts';

describe('which polling failures are tried again', () => {
  it.each([
    [{ kind: 'network', status: null }, true],
    [{ kind: 'timeout', status: null }, true],
    [{ kind: 'http', status: 429 }, true],
    [{ kind: 'http', status: 503 }, true],
    [{ kind: 'http', status: 404 }, false],
    [{ kind: 'http', status: 500 }, false],
    [{ kind: 'schema', status: 200 }, false],
  ] as const)('%o → %s', (error, transient) => {
    expect(isTransient(error as never)).toBe(transient);
  });
});

describe('which failures got no answer at all', () => {
  it.each([
    [{ kind: 'network', status: null }, true],
    [{ kind: 'timeout', status: null }, true],
    [{ kind: 'aborted', status: null }, false],
    [{ kind: 'http', status: 429 }, false],
    [{ kind: 'http', status: 503 }, false],
    [{ kind: 'http', status: 504 }, false],
    [{ kind: 'http', status: 404 }, false],
    [{ kind: 'schema', status: 200 }, false],
  ] as const)('%o → %s', (error, unanswered) => {
    expect(isUnanswered(error)).toBe(unanswered);
  });
});

describe('spec §4 a 409 with Retry-After is the first request still running, not a failure', () => {
  it.each([
    [{ kind: 'http', status: 409, retry_after: 2 }, true],
    [{ kind: 'http', status: 409, retry_after: null }, false],
    [{ kind: 'http', status: 429, retry_after: 2 }, false],
    [{ kind: 'timeout', status: null, retry_after: null }, false],
  ] as const)('%o → %s', (error, stillWorking) => {
    expect(isStillWorking(error)).toBe(stillWorking);
  });

  it.each([
    [3, 3_000],
    [1, 1_000],
    [0, 1_000],
    [10, 10_000],
    [120, 10_000],
  ])('waits %d s of Retry-After as %d ms, at most 10 s', (retryAfter, ms) => {
    expect(stillWorkingWaitMs({ retry_after: retryAfter })).toBe(ms);
  });
});
