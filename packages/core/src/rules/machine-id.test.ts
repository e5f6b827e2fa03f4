import { describe, expect, it } from 'vitest';
import { displayMachineName, machineIdFrom } from './machine-id.ts';

describe('spec §2 machine-ID field: @ then letters and digits, lower-cased', () => {
  it.each([
    ['demo', 'demo'],
    ['@demo', 'demo'],
    ['@Demo1', 'demo1'],
    ['  @NIM115A  ', 'nim115a'],
    ['secic-491_b', 'secic-491_b'],
    ['757', '757'],
    ['a'.repeat(64), 'a'.repeat(64)],
  ])('reads %j as the machine %j', (input, name) => {
    expect(machineIdFrom(input)).toEqual({ ok: true, name });
  });

  it.each([
    ['', 'machine_id_empty'],
    ['   ', 'machine_id_empty'],
    ['@', 'machine_id_empty'],
    [' @ ', 'machine_id_empty'],
    ['@@demo', 'machine_id_invalid'],
    ['@ demo', 'machine_id_invalid'],
    ['my machine', 'machine_id_invalid'],
    ['demo!', 'machine_id_invalid'],
    ['demo/products', 'machine_id_invalid'],
    ['máquina', 'machine_id_invalid'],
    ['a'.repeat(65), 'machine_id_invalid'],
  ])('rejects %j as %s', (input, problem) => {
    expect(machineIdFrom(input)).toEqual({ ok: false, problem });
  });
});

describe('spec §2 the header shows @machine name', () => {
  it.each([
    ['demo', '@demo'],
    ['nim115a', '@nim115a'],
  ])('shows %j as %j', (name, shown) => {
    expect(displayMachineName(name)).toBe(shown);
  });
});
