import { calls } from '@vendo/core/contract';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { once } from '../http/idempotency.ts';
import { problem } from '../http/problem.ts';
import { idParam, readBody } from '../http/validate.ts';
import { ownCard } from '../services/cards.ts';
import { pendingTopUps } from '../services/pending-top-ups.ts';
import { assertTopUp, saveAutoTopUp, topUpByReference, topUpWithCard, topUpWithRedirect } from '../services/top-ups.ts';
import type { Deps } from './deps.ts';

/** A card-less request as the top-up service reads it: the machine it names, if any (issue 32 point 5). */
const cardlessAsk = (
  memberId: number,
  body: { amount: number; currency: string; product_server_id?: number | undefined },
  idempotencyKey: string | undefined,
) => ({ memberId, amount: body.amount, currency: body.currency, machineId: body.product_server_id, idempotencyKey });

export function topUpRoutes(deps: Deps) {
  const { db, clock, limits } = deps;
  const app = new Hono<AppEnv>();

  const idempotent = (c: Context<AppEnv>, memberId: number, request: unknown) => ({
    memberId,
    key: c.req.header('Idempotency-Key'),
    request,
    lang: c.get('lang'),
  });

  app.post('/community_members/:id/top_ups', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.createTopUp.body);
    const scope = idempotent(c, memberId, body);
    const answer = await once(db, clock, scope, async () => {
      await limits.take('topUpsPerMember', memberId);
      if ('credit_card_id' in body) {
        const top_up = await topUpWithCard(deps, {
          memberId,
          cardId: body.credit_card_id,
          amount: body.amount,
          currency: body.currency,
          machineId: body.product_server_id,
          idempotencyKey: scope.key,
        });
        return { status: 201, body: { top_up } };
      }
      if (!body.with_redirect) throw problem(422, 'card_not_found');
      const made = await topUpWithRedirect(db, clock, cardlessAsk(memberId, body, scope.key), deps.publicOrigin());
      deps.metrics.topUps.inc({ mode: 'redirect', outcome: 'pending' });
      return { status: 201, body: made };
    });
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  });

  /**
   * A card-less top-up: amount in, something to pay with out, once per Idempotency-Key. Counted pending
   * as it is made; paid when the outside payment arrives (countPaid).
   */
  const cardless =
    (mode: 'redirect' | 'reference', start: (request: ReturnType<typeof cardlessAsk>) => Promise<object>) =>
    async (c: Context<AppEnv>) => {
      const memberId = ownMember(c, idParam(c, 'id'));
      const body = await readBody(c, calls.createRedirectTopUp.body);
      const scope = idempotent(c, memberId, body);
      const answer = await once(db, clock, scope, async () => {
        await limits.take('topUpsPerMember', memberId);
        const made = await start(cardlessAsk(memberId, body, scope.key));
        deps.metrics.topUps.inc({ mode, outcome: 'pending' });
        return { status: 201, body: made };
      });
      return c.json(answer.body as object, answer.status as ContentfulStatusCode);
    };

  app.post(
    '/community_members/:id/top_ups/with_redirect',
    cardless('redirect', (request) => topUpWithRedirect(db, clock, request, deps.publicOrigin())),
  );
  app.post(
    '/community_members/:id/top_ups/reference',
    cardless('reference', async (request) => ({
      payment_reference: await topUpByReference(
        db,
        clock,
        { ...request, lifetimeHours: deps.referenceHours },
        deps.publicOrigin(),
      ),
    })),
  );

  /** Issue 37 point 1: the member's store references, to find one again ("Pagos pendientes"). */
  app.get('/community_members/:id/pending_top_ups', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await limits.take('pendingTopUpReadsPerMember', memberId);
    return c.json({ pending_top_ups: await pendingTopUps(db, memberId, clock.now(), deps.publicOrigin()) });
  });

  app.patch('/community_members/:id/update_auto_top_up', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const { settings } = await readBody(c, calls.updateAutoTopUp.body);
    if (settings.credit_card_id) await ownCard(db, memberId, settings.credit_card_id);
    if (settings.enabled && !settings.credit_card_id) throw problem(422, 'card_not_found');
    // Automatic top-ups charge a card unattended: they obey the same limits as one the member asks for.
    if (settings.enabled) {
      const terms = await assertTopUp(db, { amount: settings.amount });
      if (settings.threshold < terms.minimum || settings.threshold > terms.maximum) {
        throw problem(422, 'threshold_out_of_range', {}, {}, { minimum: terms.minimum, maximum: terms.maximum });
      }
    }
    await saveAutoTopUp(db, memberId, settings);
    return c.json({ settings });
  });

  return app;
}
