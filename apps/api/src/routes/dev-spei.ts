import { Clabe, Timestamp, TrackingKey } from '@vendo/core/contract';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { readBody } from '../http/validate.ts';
import { signatureOf } from '../http/webhook-signature.ts';
import { newDigits } from '../services/crypto.ts';
import type { Deps } from './deps.ts';
import { deliverSpeiNotice } from './spei.ts';

/**
 * Issue 37 point 2: a transfer as the bank would tell of it, to a CLABE or to a member's (by id). What the notice
 * leaves out is made up: a fresh tracking key, a sender, now. The amount is judged by the bank's route.
 */
const DevDepositBody = z.object({
  amount: z.number(),
  clabe: z.optional(Clabe),
  member_id: z.optional(z.int().check(z.positive())),
  tracking_key: z.optional(TrackingKey),
  sender_name: z.optional(z.string().check(z.minLength(1), z.maxLength(120))),
  sender_bank: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  sent_at: z.optional(Timestamp),
});

/** `POST /__dev/spei/deposits`: signs the notice with the bank's key and delivers it, answering what the bank's route answered. */
export function devSpeiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/deposits', async (c) => {
    const body = await readBody(c, DevDepositBody);
    const clabe = body.clabe ?? (await clabeOfMember(deps, body.member_id));
    const notice = JSON.stringify({
      tracking_key: body.tracking_key ?? `VENDODEV${newDigits(16)}`,
      clabe,
      amount: body.amount,
      sender_name: body.sender_name ?? 'Remitente de prueba',
      sender_bank: body.sender_bank ?? 'BANCO DE PRUEBA',
      sent_at: body.sent_at ?? deps.clock.now().toISOString(),
    });
    const signature = signatureOf(await deps.speiKey(), notice);
    return c.json(await deliverSpeiNotice(deps, notice, signature));
  });
  return app;
}

async function clabeOfMember(deps: Deps, memberId: number | undefined): Promise<string> {
  if (memberId === undefined) throw problem(422, 'invalid_request', { description: 'clabe or member_id' });
  const account = await deps.db
    .selectFrom('spei_accounts')
    .select('clabe')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!account) throw problem(404, 'not_found', { description: 'this member has no CLABE yet' });
  return account.clabe;
}
