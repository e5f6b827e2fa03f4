import { calls } from '@vendo/core/contract';
import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, readBody } from '../http/validate.ts';
import { cardView, deleteCard, listCards, saveCard } from '../services/cards.ts';
import { redeemVoucherCode } from '../services/voucher.ts';
import type { Deps } from './deps.ts';

export function cardRoutes({ db, clock, cardProvider, voucherProvider, limits }: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/credit_cards', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    return c.json({ credit_cards: await listCards(db, memberId) });
  });

  app.post('/community_members/:id/credit_cards', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.addCard.body);
    // Counted before the card is checked: trying card after card is what the limit stops.
    await limits.take('cardAddsPerMember', memberId);
    if (body.brand_name === 'edenred') throw problem(422, 'card_invalid');
    const card = await cardProvider.verify(body.token);
    if (typeof card === 'string') throw problem(402, card);
    const saved = await saveCard(db, memberId, { ...card, holderName: body.holder_name });
    return c.json({ credit_card: saved }, 201);
  });

  app.delete('/community_members/:id/credit_cards/:cardId', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deleteCard(db, clock, memberId, idParam(c, 'cardId'));
    return c.body(null, 204);
  });

  app.post('/community_members/:id/voucher_cards', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.addVoucherCard.body);
    // A voucher card is a saved card like any other: the same limit (issue 32 point 8).
    await limits.take('cardAddsPerMember', memberId);
    const row = await redeemVoucherCode(db, voucherProvider, memberId, body.code);
    return c.json({ credit_card: cardView(row) }, 201);
  });

  return app;
}
