import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../http/env.ts';
import { type SignedNotification, verifySignature } from '../http/webhook-signature.ts';
import { receiveStorePayment, type StorePaymentOutcome } from '../services/store-payments.ts';
import type { Deps } from './deps.ts';

/** Issue 37 point 1: the header a store's payment notification is signed in. */
export const storeSignatureHeader = 'X-Store-Signature';

/** The store's notification: 16 digits (spaces allowed, as printed on the ticket), what it took, when, where. */
export const StorePaymentBody = z.object({
  reference: z.string().check(z.regex(/^\s*(\d\s*){16}$/)),
  amount: z.number().check(z.positive()),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  paid_at: z.iso.datetime({ offset: true }),
  store: z.string().check(z.minLength(1), z.maxLength(80)),
});

/** How the store's notification is signed: VENDO_STORE_SECRET, or in development a key derived from the database's. */
export const storeNotification = (deps: Pick<Deps, 'storeKey'>): SignedNotification => ({
  header: storeSignatureHeader,
  key: deps.storeKey,
});

const answers: Record<StorePaymentOutcome['outcome'], { status: 200 | 409 | 422; body: object }> = {
  credited: { status: 200, body: { status: 'credited' } },
  ignored: { status: 200, body: { status: 'ignored' } },
  expired: { status: 409, body: { status: 'expired' } },
  mismatch: { status: 422, body: { status: 'refused', error: 'amount_mismatch' } },
};

/**
 * `POST /provider/store/payments`: a store says a reference was paid. Believed only when signed with the shared
 * secret; credited once however often it comes; every refusal and every notification that changed nothing is
 * logged, by the reference's last four digits (a reference is as good as cash until it is paid).
 */
export function storePaymentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const notification = storeNotification(deps);

  app.post('/payments', async (c) => {
    const raw = await c.req.text();
    if (!(await verifySignature(notification, raw, c.req.header(storeSignatureHeader)))) {
      deps.log.warn({ event: 'store_payment', outcome: 'bad_signature' }, 'store payment refused: bad signature');
      return c.json({ status: 'refused', error: 'bad_signature' }, 401);
    }
    const parsed = z.safeParse(StorePaymentBody, parseJson(raw));
    if (!parsed.success) {
      deps.log.warn({ event: 'store_payment', outcome: 'malformed' }, 'store payment refused: malformed');
      return c.json({ status: 'refused', error: 'malformed' }, 400);
    }
    const { reference, amount, currency, paid_at: paidAt, store } = parsed.data;
    const done = await receiveStorePayment(deps, { reference, amount, currency, paidAt, store });
    const line = { event: 'store_payment', ...done, reference_end: reference.replace(/\D/g, '').slice(-4), store };
    if (done.outcome === 'credited') deps.log.info(line, 'store payment credited');
    else deps.log.warn(line, `store payment ${done.outcome}`);
    const answer = answers[done.outcome];
    return c.json(answer.body, answer.status);
  });

  return app;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
