import {
  ErrorObject,
  fromMinorUnits,
  internationalPhonePattern,
  PendingCardLinkStatus,
  toMinorUnits,
} from '@vendo/core/contract';
import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { isLoopback } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { readBody, textParam } from '../http/validate.ts';
import { signedHeaders } from '../http/webhook-signature.ts';
import { mailOutboxFor } from '../mail/outbox.ts';
import { reseed } from '../seed/seed.ts';
import { book } from '../services/ledger.ts';
import { machineByName } from '../services/machines.ts';
import { createMember, startSession } from '../services/members.ts';
import { liftPhoneLimits } from '../services/otp.ts';
import { setStock } from '../services/stock.ts';
import { expireReference, referenceStores, storeReference } from '../services/store-payments.ts';
import { providerCharges, setAnswerDelay } from '../sim/card-provider.ts';
import { recentKeys } from '../sim/keypad.ts';
import { outboxFor } from '../sim/sms.ts';
import { devBalanceRefundRoutes } from './balance-refunds.ts';
import type { Deps } from './deps.ts';
import { devRewardRoutes } from './dev-rewards.ts';
import { devSpeiRoutes } from './dev-spei.ts';
import { storeNotification, storePaymentRoutes } from './store-payments.ts';

const delay = z.int().check(z.minimum(0), z.maximum(600_000));
const ScriptBody = z.object({
  deal_statuses: z.optional(
    z
      .array(
        z.object({
          status: z.int(),
          after_ms: delay,
          /** A keypad buy's delivery: the selection the machine vended (issue 32 point 4). */
          selection: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
        }),
      )
      .check(z.maxLength(20)),
  ),
  card_link_statuses: z.optional(
    z
      .array(z.object({ status: z.union([PendingCardLinkStatus, z.string().check(z.maxLength(40))]), after_ms: delay }))
      .check(z.maxLength(20)),
  ),
  deal_error: z.optional(ErrorObject),
  online: z.optional(z.boolean()),
  /** Only this member's next deal or link follows the script; without it, anyone's. */
  member_id: z.optional(z.int().check(z.positive())),
});

/** Issue 35 point 1: what the machine holds of one product (by its user code), or of every product it counts. */
const StockBody = z.object({
  stock: z.int().check(z.minimum(0), z.maximum(10_000)),
  user_code: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

const ProviderBody = z.object({ answer_delay_ms: delay });
const AgeBody = z.object({ seconds: z.int().check(z.positive(), z.maximum(86_400)) });

const PhoneBody = z.object({ phone: z.string().check(z.regex(internationalPhonePattern)) });
const MemberBody = z.object({
  phone: z.string().check(z.regex(internationalPhonePattern)),
  balance: z.optional(z.int().check(z.minimum(0))),
  /** The currency of `balance`, MXN when not named (issue 32 point 5). */
  currency: z.optional(z.string().check(z.length(3))),
});

const splitPhone = (phone: string) => {
  const [, country = '', digits = ''] = internationalPhonePattern.exec(phone) ?? [];
  return { country, phone: digits };
};

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/**
 * True when the request names this server: a loopback name with the port it came in on, or the public
 * origin's host. A page of another site whose name the attacker points at 127.0.0.1 (DNS rebinding)
 * reaches this port from this machine, but its requests name the attacker's host.
 */
function addressedHere(c: Context<AppEnv>, publicOrigin: string): boolean {
  const host = c.req.header('Host')?.toLowerCase();
  if (!host) return false;
  const port = c.env?.incoming?.socket.localPort;
  const here = (name: string) => host === `${name}:${port}` || (port === 80 && host === name);
  return (port !== undefined && loopbackNames.some(here)) || host === URL.parse(publicOrigin)?.host;
}

/** A request a page of another site made the browser send (Fetch Metadata); tools and scripts send none. */
const fromAnotherSite = (site: string | undefined) => site !== undefined && site !== 'same-origin' && site !== 'none';

/** Only JSON is a write: a page of another site can send text, a form or a file without asking (no CORS preflight). */
const json = /^application\/json\s*(;|$)/i;
const reads = new Set(['GET', 'HEAD']);

/**
 * Dev control: read the SMS and mail outboxes, script the next outcomes of a machine, close or age keypads, and
 * reseed. Tests reach every status of spec §4 through these. Off in production; otherwise it
 * answers clients on this machine only, unless VENDO_DEV_CONTROL=on opens it to every client; and
 * whichever the setting, never a page of another site the developer's browser has open (issue 32 point 14).
 */
export function devRoutes(deps: Deps) {
  const { db, clock, keypads, machines } = deps;
  const app = new Hono<AppEnv>();
  // The store's notification goes through the route a store's own would reach, not around it.
  const storePayments = storePaymentRoutes(deps);

  app.use('*', async (c, next) => {
    // As if it were not there: nothing tells a client from the network that the dev control exists.
    if (deps.devControl !== 'on' && !isLoopback(c.get('clientAddress'))) throw problem(404, 'not_found');
    if (!addressedHere(c, deps.publicOrigin()) || fromAnotherSite(c.req.header('Sec-Fetch-Site'))) {
      throw problem(403, 'forbidden_origin');
    }
    if (!reads.has(c.req.method) && !json.test(c.req.header('Content-Type') ?? '')) {
      throw problem(415, 'json_required');
    }
    await next();
  });

  app.get('/sms', async (c) => {
    const phone = c.req.query('phone') ?? '';
    const rows = await outboxFor(db, phone);
    return c.json({
      messages: rows.map((row) => ({ code: row.code, body: row.body, sent_at: row.created_at.toISOString() })),
    });
  });

  /** The e-mails sent to an address (issue 35 point 4): the last 20, the latest first. */
  app.get('/mail', async (c) => {
    const rows = await mailOutboxFor(db, (c.req.query('to') ?? '').trim().toLowerCase());
    return c.json({
      messages: rows.map((row) => ({
        kind: row.kind,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        sent_at: row.created_at.toISOString(),
      })),
    });
  });

  app.post('/machines/:name/script', async (c) => {
    const machine = await machineByName(db, textParam(c, 'name', 'machine_not_found'));
    const body = await readBody(c, ScriptBody);
    const scripted = await machines.script(machine.id, {
      online: body.online,
      dealStatuses: body.deal_statuses,
      cardLinkStatuses: body.card_link_statuses,
      dealError: body.deal_error,
      memberId: body.member_id,
    });
    return c.json({ machine: machine.name, scripted });
  });

  /** Restocks or empties the machine: a product named by its user code, or all it counts. */
  app.post('/machines/:name/stock', async (c) => {
    const machine = await machineByName(db, textParam(c, 'name', 'machine_not_found'));
    const body = await readBody(c, StockBody);
    const updated = await setStock(db, machine.id, body.stock, body.user_code);
    if (body.user_code !== undefined && updated === 0) throw problem(404, 'not_found');
    return c.json({ machine: machine.name, stock: body.stock, products: updated });
  });

  app.get('/machines/:name/keypad', async (c) => {
    const machine = await machineByName(db, textParam(c, 'name', 'machine_not_found'));
    return c.json({ keys: await recentKeys(db, machine.name) });
  });

  app.post('/machines/:name/keypad/close', async (c) => {
    const machine = await machineByName(db, textParam(c, 'name', 'machine_not_found'));
    return c.json({ closed: await keypads.close(machine.name) });
  });

  /** The machine's keypad session as it would be `seconds` later with no key: past a limit, it ends. */
  app.post('/machines/:name/keypad/age', async (c) => {
    const machine = await machineByName(db, textParam(c, 'name', 'machine_not_found'));
    const { seconds } = await readBody(c, AgeBody);
    await keypads.age(machine.name, seconds);
    return c.json({ aged: seconds });
  });

  app.post('/phones/unlock', async (c) => {
    const { phone } = await readBody(c, PhoneBody);
    return c.json({ unlocked: await liftPhoneLimits(deps.limits, splitPhone(phone)) });
  });

  /**
   * A new signed-in member without the SMS round trip, for load tests and fixtures. Never for a
   * number that is already a member: that would hand anyone their session.
   */
  app.post('/members', async (c) => {
    const body = await readBody(c, MemberBody);
    const memberId = await createMember(db, splitPhone(body.phone));
    if (memberId === null) throw problem(409, 'member_exists');
    if (body.balance) {
      const currency = body.currency ?? 'MXN';
      await book(db, {
        memberId,
        cents: toMinorUnits(body.balance, currency),
        currency,
        kind: 'seed',
        reference: `dev-${memberId}-${Date.now()}-${Math.random()}`,
      });
    }
    return c.json({ id: memberId, auth_token: await startSession(db, memberId, clock.now()) }, 201);
  });

  /** The emulated card provider: how slowly it answers a charge (after charging), and the charges it made. */
  app.post('/provider', async (c) => {
    const body = await readBody(c, ProviderBody);
    setAnswerDelay(deps.providerBehaviour, body.answer_delay_ms);
    return c.json({ answer_delay_ms: body.answer_delay_ms });
  });

  app.get('/provider/charges', async (c) => {
    return c.json({ charges: await providerCharges(db) });
  });

  /**
   * Issue 37 point 1: a store takes the reference's amount: the notification a store sends is built, signed with
   * the store's key and delivered to POST /provider/store/payments, the way a real store's would be.
   */
  app.post('/references/:reference/pay', async (c) => {
    const reference = await storeReference(db, textParam(c, 'reference', 'not_found'));
    if (!reference) throw problem(404, 'not_found');
    const body = JSON.stringify({
      reference: reference.reference,
      amount: fromMinorUnits(reference.amount_cents, reference.currency),
      currency: reference.currency,
      paid_at: clock.now().toISOString(),
      store: referenceStores[0],
    });
    const headers = await signedHeaders(storeNotification(deps), body);
    const delivered = await storePayments.request('/payments', { method: 'POST', body, headers });
    const { status } = (await delivered.json()) as { status: string };
    if (status === 'credited') return c.json({ paid: true });
    if (status === 'expired') return c.json({ paid: false, status }, 409);
    throw problem(404, 'not_found');
  });

  /** Issue 37 point 1: a pending reference expires now, so tests and journeys see one expire. */
  app.post('/references/:reference/expire', async (c) => {
    if (!(await expireReference(db, clock, textParam(c, 'reference', 'not_found')))) throw problem(404, 'not_found');
    return c.json({ expired: true });
  });

  // Issue 36: reward programs (dev-rewards.ts).
  app.route('/reward_programs', devRewardRoutes(deps));
  // Issue 37 point 2: SPEI transfers delivered as the bank would (dev-spei.ts).
  app.route('/spei', devSpeiRoutes(deps));
  // Issue 37 point 4: the bank's word on a balance refund's parts (routes/balance-refunds.ts).
  app.route('/balance_refunds', devBalanceRefundRoutes(deps));

  app.post('/reset', async (c) => {
    await keypads.closeAll();
    await reseed(db);
    return c.json({ reset: true });
  });

  return app;
}
