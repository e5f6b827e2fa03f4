import {
  SpeiDepositNotice,
  type SpeiDepositOutcome,
  SpeiTransferNotice,
  type SpeiTransferOutcome,
} from '@vendo/core/contract';
import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, parsedBody } from '../http/validate.ts';
import { signatureMatches } from '../http/webhook-signature.ts';
import { receiveSpeiTransferNotice } from '../services/balance-refund-sending.ts';
import { openSpeiAccount, receiveSpeiDeposit, speiAccountOf, speiSignatureHeader } from '../services/spei.ts';
import type { Deps } from './deps.ts';

/** Issue 37 point 2: the member's personal CLABE, read (null until there is one) and given (the same one each time). */
export function speiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/spei_account', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('speiAccountPerMember', memberId);
    // None yet is an answer, null: a 404 would read as a provider without SPEI, and the app would hide it.
    return c.json({ spei_account: (await speiAccountOf(deps.db, memberId)) ?? null });
  });

  app.post('/community_members/:id/spei_account', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('speiAccountPerMember', memberId);
    return c.json({ spei_account: await openSpeiAccount(deps.db, memberId) });
  });

  return app;
}

/** The last 4 digits of a CLABE, all a log line says of it. */
const masked = (clabe: unknown) => (typeof clabe === 'string' ? `…${clabe.slice(-4)}` : null);

/**
 * A notice as the bank delivers it, read only when its raw body carries the bank's signature. Unsigned or forged:
 * 401, nothing changes, and a log line naming what the notice named (its tracking key), never who sent it or how
 * much: a forged notice is someone's probe.
 */
async function signedNotice(deps: Deps, rawBody: string, signature: string | undefined, what: string) {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  if (!signatureMatches(await deps.speiKey(), rawBody, signature)) {
    const trackingKey = (body as { tracking_key?: unknown } | undefined)?.tracking_key;
    deps.log.warn(
      {
        tracking_key: typeof trackingKey === 'string' ? trackingKey.slice(0, 30) : null,
        signed: signature !== undefined,
      },
      `vendo: spei: a ${what} notice without a valid signature was refused`,
    );
    throw problem(401, 'spei_signature_invalid');
  }
  if (body === undefined) throw problem(400, 'invalid_json');
  return body;
}

/**
 * A deposit notice as the bank delivers it: booked once by its tracking key (services/spei.ts). The dev control
 * delivers its notices through here too, so they meet the same checks.
 */
export async function deliverSpeiNotice(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<SpeiDepositOutcome> {
  const notice = parsedBody(await signedNotice(deps, rawBody, signature, 'deposit'), SpeiDepositNotice);
  const { outcome, memberId, repeat } = await receiveSpeiDeposit(deps, notice);
  const line = { tracking_key: notice.tracking_key, clabe: masked(notice.clabe), member_id: memberId };
  if (outcome.status === 'ignored') deps.log.warn(line, 'vendo: spei: a transfer to a CLABE no member has was ignored');
  else if (repeat) deps.log.info(line, 'vendo: spei: a repeated notice answered its first outcome');
  else if (outcome.returned > 0) {
    deps.log.info({ ...line, returned: outcome.returned }, 'vendo: spei: a transfer past the daily cap was returned');
  }
  return outcome;
}

/**
 * Issue 37 point 4: the bank's word on a transfer the provider sent out (a balance refund's SPEI part), settled
 * or returned, applied once by its tracking key (services/balance-refund-sending.ts). The dev control's confirm
 * delivers through here too.
 */
export async function deliverSpeiTransferNotice(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<SpeiTransferOutcome> {
  const notice = parsedBody(await signedNotice(deps, rawBody, signature, 'transfer'), SpeiTransferNotice);
  const { outcome, repeat } = await receiveSpeiTransferNotice(deps, notice);
  const line = { tracking_key: notice.tracking_key, status: outcome.status };
  if (outcome.status === 'ignored') deps.log.warn(line, 'vendo: spei: a notice of a transfer never sent was ignored');
  else if (repeat) deps.log.info(line, 'vendo: spei: a repeated transfer notice changed nothing');
  return outcome;
}

/** The emulated bank's side: `POST /provider/spei/deposits`, signed in `X-Spei-Signature: sha256=<hex>`. */
export function speiBankRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/deposits', async (c) => {
    const outcome = await deliverSpeiNotice(deps, await c.req.text(), c.req.header(speiSignatureHeader));
    return c.json(outcome);
  });
  app.post('/transfers', async (c) => {
    const outcome = await deliverSpeiTransferNotice(deps, await c.req.text(), c.req.header(speiSignatureHeader));
    return c.json(outcome);
  });
  return app;
}
