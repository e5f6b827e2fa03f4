import { type BonusCredit, fromMinorUnits, type RewardProgram } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { usableLots } from './bonus.ts';
import { balances } from './ledger.ts';
import { machineById } from './machines.ts';
import { keptAt, programQuery, programView } from './reward-programs.ts';
import { stampProgress } from './stamps.ts';

/**
 * Issue 36, GET community_members/{id}/rewards: the programs started and still running or kept (now before their
 * end plus keep_days), each stamp card with the member's progress, and the member's unspent usable bonus credit;
 * with a machine, only the programs covering it and the credit usable there.
 */
export async function memberRewards(
  db: Db,
  memberId: number,
  now: Date,
  machineId?: number,
): Promise<{ programs: RewardProgram[]; bonus: BonusCredit[] }> {
  const machine = machineId === undefined ? undefined : await machineById(db, machineId);
  let query = programQuery(db).where('reward_programs.starts_at', '<=', now);
  if (machine) {
    query = query
      .where('reward_programs.operator_id', '=', machine.operator_id)
      .where((eb) =>
        eb.or([eb('reward_programs.machine_id', 'is', null), eb('reward_programs.machine_id', '=', machine.id)]),
      )
      .where('reward_programs.currency', '=', machine.currency_iso);
  }
  const rows = (await query.orderBy('reward_programs.id').execute()).filter((row) => keptAt(row, now));
  const programs: RewardProgram[] = [];
  for (const row of rows) {
    const progress = row.kind === 'stamp_card' ? await stampProgress(db, memberId, row) : undefined;
    programs.push(programView(row, now, progress));
  }
  const lots = await usableLots(db, memberId, now, machine);
  const bonus = lots.map((lot) => ({
    amount: fromMinorUnits(lot.left, lot.currency),
    currency: lot.currency,
    operator_name: lot.operatorName,
    expires_at: lot.expiresAt.toISOString(),
  }));
  return { programs, bonus };
}

/**
 * The member's balances (own money, ledger.ts) with, apart, the bonus credit usable in each currency at any
 * operator's machines, only where there is some: a member with none reads the balances as before.
 */
export async function balancesWithBonus(db: Db, memberId: number, now: Date) {
  const [own, lots] = await Promise.all([balances(db, memberId), usableLots(db, memberId, now)]);
  const bonus = new Map<string, number>();
  for (const lot of lots) bonus.set(lot.currency, (bonus.get(lot.currency) ?? 0) + lot.left);
  return own.map((balance) => {
    const cents = bonus.get(balance.currency) ?? 0;
    return cents > 0 ? { ...balance, bonus: fromMinorUnits(cents, balance.currency) } : balance;
  });
}
