import { BonusTier, rewardLimits, Timestamp, toMinorUnits } from '@vendo/core/contract';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, readBody } from '../http/validate.ts';
import { machineByName } from '../services/machines.ts';
import { type ProgramRow, programById, programView } from '../services/reward-programs.ts';
import type { Deps } from './deps.ts';

const amount = z.number().check(z.minimum(0), z.maximum(100_000));
const StampTerms = z.object({
  stamps_needed: z.int().check(z.minimum(rewardLimits.minStamps), z.maximum(rewardLimits.maxStamps)),
  min_price: amount,
  reward_cap: z.number().check(z.positive(), z.maximum(100_000)),
});
const BonusTerms = z.object({
  tiers: z.array(BonusTier).check(z.minLength(1), z.maxLength(rewardLimits.maxTiers)),
  valid_days: z.int().check(z.positive(), z.maximum(rewardLimits.maxValidDays)),
});
const keepDays = z.int().check(z.minimum(0), z.maximum(rewardLimits.maxKeepDays));
const name = z.string().check(z.minLength(1), z.maxLength(80));

/** Issue 36: a program for an operator (by name), at all its machines or one (by name), with its terms. */
const ProgramBody = z.object({
  operator: z.string().check(z.minLength(1), z.maxLength(80)),
  machine: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  name,
  /** Now when not named. */
  starts_at: z.optional(Timestamp),
  ends_at: z.optional(z.nullable(Timestamp)),
  keep_days: keepDays,
  stamp_card: z.optional(StampTerms),
  top_up_bonus: z.optional(BonusTerms),
});
/** What a program's change may touch: its dates, how long it keeps, its name and its terms. */
const ProgramChange = z.object({
  name: z.optional(name),
  starts_at: z.optional(Timestamp),
  ends_at: z.optional(z.nullable(Timestamp)),
  keep_days: z.optional(keepDays),
  stamp_card: z.optional(StampTerms),
  top_up_bonus: z.optional(BonusTerms),
});

/** The stored columns of a program's terms, in its currency's minor units. */
function termColumns(
  kind: ProgramRow['kind'],
  body: { stamp_card?: z.infer<typeof StampTerms> | undefined; top_up_bonus?: z.infer<typeof BonusTerms> | undefined },
  currency: string,
) {
  if (kind === 'stamp_card' && body.stamp_card) {
    return {
      stamps_needed: body.stamp_card.stamps_needed,
      min_price_cents: toMinorUnits(body.stamp_card.min_price, currency),
      reward_cap_cents: toMinorUnits(body.stamp_card.reward_cap, currency),
    };
  }
  if (kind === 'top_up_bonus' && body.top_up_bonus) {
    return { tiers: JSON.stringify(body.top_up_bonus.tiers), bonus_days: body.top_up_bonus.valid_days };
  }
  return {};
}

async function answer(db: Db, id: number, now: Date) {
  const program = await programById(db, id);
  if (!program) throw problem(404, 'not_found');
  return programView(program, now);
}

/** Issue 36 dev control: make a reward program, and change its dates, keep and terms (tests and demos). */
export function devRewardRoutes({ db, clock }: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    const body = await readBody(c, ProgramBody);
    const kind = body.stamp_card ? 'stamp_card' : 'top_up_bonus';
    if (Boolean(body.stamp_card) === Boolean(body.top_up_bonus)) {
      throw problem(422, 'invalid_request', { description: 'one of stamp_card, top_up_bonus' });
    }
    const operator = await db.selectFrom('operators').selectAll().where('name', '=', body.operator).executeTakeFirst();
    if (!operator) throw problem(404, 'not_found');
    const machine = body.machine === undefined ? undefined : await machineByName(db, body.machine);
    if (machine && machine.operator_id !== operator.id)
      throw problem(422, 'invalid_request', { description: 'machine: not the operator’s' });
    // A program is in its machines' currency: the machine's, or the operator's first machine's.
    const currency =
      machine?.currency_iso ??
      (
        await db
          .selectFrom('machines')
          .select('currency_iso')
          .where('operator_id', '=', operator.id)
          .orderBy('id')
          .executeTakeFirst()
      )?.currency_iso ??
      'MXN';
    const starts = body.starts_at ?? clock.now().toISOString();
    if (body.ends_at && body.ends_at <= starts)
      throw problem(422, 'invalid_request', { description: 'ends_at: after starts_at' });
    const made = await db
      .insertInto('reward_programs')
      .values({
        operator_id: operator.id,
        machine_id: machine?.id ?? null,
        kind,
        name: body.name,
        currency,
        starts_at: starts,
        ends_at: body.ends_at ?? null,
        keep_days: body.keep_days,
        ...termColumns(kind, body, currency),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return c.json({ program: await answer(db, made.id, clock.now()) }, 201);
  });

  /** Whether any member holds a stamp of the program. */
  const stamped = async (database: typeof db, programId: number) =>
    (await database
      .selectFrom('ledger_entries')
      .select('id')
      .where('program_id', '=', programId)
      .where('pocket', '=', 'stamps')
      .limit(1)
      .executeTakeFirst()) !== undefined;

  app.patch('/:id', async (c) => {
    const id = idParam(c, 'id');
    const body = await readBody(c, ProgramChange);
    const program = await programById(db, id);
    if (!program) throw problem(404, 'not_found');
    const starts = body.starts_at ? new Date(body.starts_at) : program.starts_at;
    const ends = body.ends_at === undefined ? program.ends_at : body.ends_at === null ? null : new Date(body.ends_at);
    if (ends && ends <= starts) throw problem(422, 'invalid_request', { description: 'ends_at: after starts_at' });
    // A card's size is what its stamps were counted against: changed under members filling cards, some would
    // lose stamps or be shown a reward they cannot use. A new size is a new program.
    if (body.stamp_card && body.stamp_card.stamps_needed !== program.stamps_needed && (await stamped(db, id))) {
      throw problem(422, 'invalid_request', {
        description: 'stamp_card.stamps_needed: members hold stamps of this program; make a new program',
      });
    }
    await db
      .updateTable('reward_programs')
      .set({
        ...(body.name ? { name: body.name } : {}),
        starts_at: starts,
        ends_at: ends,
        ...(body.keep_days === undefined ? {} : { keep_days: body.keep_days }),
        ...termColumns(program.kind, body, program.currency),
      })
      .where('id', '=', id)
      .execute();
    return c.json({ program: await answer(db, id, clock.now()) });
  });

  return app;
}
