import { describe, expect, it } from 'vitest';
import { dealEnded, dealOutcome } from './deal-status.ts';

describe('spec §3/§4 delivery_status, one taxonomy for screens and settlement', () => {
  it.each([
    [0, 'delivered', true],
    [1, 'inProgress', false],
    [2, 'inProgress', false],
    [3, 'failed', true],
    [16, 'failed', true],
    [17, 'unknown', true],
    [-1, 'unknown', true],
  ] as const)('status %i is %s; the deal has ended: %s', (status, outcome, ended) => {
    expect([dealOutcome(status), dealEnded(status)]).toEqual([outcome, ended]);
  });
});
