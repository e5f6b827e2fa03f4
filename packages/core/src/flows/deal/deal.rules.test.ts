import { describe, expect, it } from 'vitest';
import { examples } from '../../contract/examples.ts';
import { connectTimeoutMs, failureReason, offersTopUp, readyTimeoutMs, topUpReturnPath } from './deal.rules.ts';

const machine = examples.machine;

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

describe('issue 15 point 10: insufficient balance offers to add funds and come back to the product', () => {
  const short = { status: 402, error_code: 'insufficient_balance' };
  const balanceOnly = { ...machine, name: 'demo', payment_settings: { direct_payment: false } };

  it.each([
    ['a machine without direct payment', short, balanceOnly, false, true],
    [
      'a machine with direct payment (its modal loads the difference)',
      short,
      { ...balanceOnly, payment_settings: { direct_payment: true } },
      false,
      false,
    ],
    ['an employee-number machine (no top-up there, spec §6)', short, balanceOnly, true, false],
    ['another refusal', { status: 402, error_code: 'card_declined' }, balanceOnly, false, false],
    ['no answer', null, balanceOnly, false, false],
  ])('on %s: %s', (_, refusal, on, employeeMachine, offered) => {
    expect(offersTopUp(refusal, on, employeeMachine)).toBe(offered);
  });

  it.each([
    ['?then=/product/12', '/product/12'],
    ['?then=https://evil.example/product/12', null],
    ['?then=//evil.example', null],
    ['?then=/product/12/../../profile', null],
    ['', null],
  ])('comes back from %s to %s', (search, path) => {
    expect(topUpReturnPath(search)).toBe(path);
  });
});
