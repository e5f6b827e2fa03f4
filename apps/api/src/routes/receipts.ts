import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { idParam } from '../http/validate.ts';
import { askReceiptMail } from '../services/receipt-mail.ts';
import { dealReceipt, topUpReceipt } from '../services/receipts.ts';
import type { Deps } from './deps.ts';

/**
 * Issue 35 point 3: the receipts of the member's delivered purchases and credited top-ups, theirs only. Point 4:
 * each e-mailed to the member's confirmed address on asking, 202 once queued (every ask reads the receipt, so it
 * counts as a read too).
 */
export function receiptRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/receipts/deals/:dealId', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('receiptsPerMember', memberId);
    return c.json({ receipt: await dealReceipt(deps, memberId, idParam(c, 'dealId')) });
  });

  app.get('/community_members/:id/receipts/top_ups/:topUpId', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('receiptsPerMember', memberId);
    return c.json({ receipt: await topUpReceipt(deps, memberId, idParam(c, 'topUpId')) });
  });

  app.post('/community_members/:id/receipts/deals/:dealId/email', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('receiptsPerMember', memberId);
    await askReceiptMail(deps, memberId, 'deal', idParam(c, 'dealId'));
    return c.body(null, 202);
  });

  app.post('/community_members/:id/receipts/top_ups/:topUpId/email', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('receiptsPerMember', memberId);
    await askReceiptMail(deps, memberId, 'top_up', idParam(c, 'topUpId'));
    return c.body(null, 202);
  });

  return app;
}
