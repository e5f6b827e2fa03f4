import { type BonusTier, fromMinorUnits, keptUntil, type RewardProgram, runsAt } from '@vendo/core/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Tables } from '../db/schema.ts';

/** A program as stored, with its operator's name. */
export type ProgramRow = Selectable<Tables['reward_programs']> & { operator_name: string };

// The time rules live in the contract, shared with the app and tested there with their numbers.
export { keptAt, keptUntil, runsAt } from '@vendo/core/contract';

/** Every program with its operator's name. */
export const programQuery = (db: Db) =>
  db
    .selectFrom('reward_programs')
    .innerJoin('operators', 'operators.id', 'reward_programs.operator_id')
    .selectAll('reward_programs')
    .select('operators.name as operator_name');

/**
 * The programs of a kind that cover a machine: its operator's, for every machine of the operator (machine_id
 * null) or for that one, in the machine's currency (a program in another never pays there).
 */
export async function programsAt(
  db: Db,
  machine: { id: number; operator_id: number; currency_iso: string },
  kind: ProgramRow['kind'],
): Promise<ProgramRow[]> {
  return programQuery(db)
    .where('reward_programs.operator_id', '=', machine.operator_id)
    .where((eb) =>
      eb.or([eb('reward_programs.machine_id', 'is', null), eb('reward_programs.machine_id', '=', machine.id)]),
    )
    .where('reward_programs.kind', '=', kind)
    .where('reward_programs.currency', '=', machine.currency_iso)
    .orderBy('reward_programs.id')
    .execute();
}

/** One program by id, or undefined. */
export const programById = (db: Db, id: number) =>
  programQuery(db).where('reward_programs.id', '=', id).executeTakeFirst();

/** A program's tiers as the contract's rule functions read them. */
export const tiersOf = (program: Pick<ProgramRow, 'tiers'>): BonusTier[] => program.tiers ?? [];

/** A stamp card's terms, in minor units. */
export function stampTerms(program: ProgramRow) {
  if (program.kind !== 'stamp_card' || program.stamps_needed === null) {
    throw new Error(`reward program ${program.id} is no stamp card`);
  }
  return {
    needed: program.stamps_needed,
    minPriceCents: program.min_price_cents ?? 0,
    capCents: program.reward_cap_cents ?? 0,
  };
}

/** A program as the member reads it (contract RewardProgram), with their progress on a stamp card. */
export function programView(
  program: ProgramRow,
  now: Date,
  progress: { stamps: number; rewards: number } = { stamps: 0, rewards: 0 },
): RewardProgram {
  const base = {
    id: program.id,
    name: program.name,
    operator_name: program.operator_name,
    product_server_id: program.machine_id,
    currency: program.currency,
    starts_at: program.starts_at.toISOString(),
    ends_at: program.ends_at?.toISOString() ?? null,
    kept_until: keptUntil(program)?.toISOString() ?? null,
    active: runsAt(program, now),
  };
  if (program.kind === 'top_up_bonus') {
    return {
      ...base,
      kind: 'top_up_bonus',
      top_up_bonus: { tiers: tiersOf(program), valid_days: program.bonus_days ?? 1 },
    };
  }
  const terms = stampTerms(program);
  return {
    ...base,
    kind: 'stamp_card',
    stamp_card: {
      stamps_needed: terms.needed,
      min_price: fromMinorUnits(terms.minPriceCents, program.currency),
      reward_cap: fromMinorUnits(terms.capCents, program.currency),
      stamps: progress.stamps,
      rewards: progress.rewards,
    },
  };
}
