import { describe, expect, it } from 'vitest';
import { examples } from '../../contract/examples.ts';
import type { ProductServer } from '../../contract/index.ts';
import { connectTimeoutMs, failureReason, readyTimeoutMs } from './deal.rules.ts';

const machine = examples.machine as unknown as ProductServer;

describe('spec §4 failed-deal screen, second reading', () => {
  it.each([
    [1, 'communication'],
    [2, 'userTimeout'],
    [3, 'userTimeout'],
    [4, 'communication'],
    [5, 'notDelivered'],
    [6, 'machineError'],
    [7, 'machineInUse'],
    [8, 'cancelledByUser'],
    [9, 'cancelled'],
    [10, 'unknownMachineError'],
    [11, 'machineInUse'],
    [12, 'insufficientFunds'],
    [13, 'auditInProgress'],
    [14, 'wrongSelection'],
    [15, 'generic'],
    [16, 'closedCredit'],
  ] as const)('status %i reads as %s', (status, reason) => {
    expect(failureReason(status)).toBe(reason);
  });
});

describe('spec §9 deal timeouts', () => {
  it('the machine-ready timeout is the user-type timeout plus 10 seconds', () => {
    expect(readyTimeoutMs({ ...machine, user_type_timeout: 30 })).toBe(40_000);
  });

  it('the connect timeout is the machine’s, else 60000 ms', () => {
    expect(connectTimeoutMs({ ...machine, connect_to_machine_timeout: 15_000 })).toBe(15_000);
    expect(connectTimeoutMs({ ...machine, connect_to_machine_timeout: null })).toBe(60_000);
  });
});
