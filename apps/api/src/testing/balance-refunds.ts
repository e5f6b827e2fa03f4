import type { CardBrand, CreateBalanceRefundBody } from '@vendo/core/contract';
import { type TestServer, tokenise } from './harness.ts';

/** Issue 37 point 4 tests' members: named (a CLABE must be in their name), each with a phone of its own. */
export type Who = { id: number; token: string };

/** A CLABE of another bank (BBVA, 012) that passes the check digit: where the SPEI parts go. */
export const bankClabe = '012180123456789016';
export const memberName = 'Ana López Núñez';

let phones = 5533700000;
let keys = 0;
export const refundKey = () => `bref-${process.pid}-${keys++}`;

export async function namedMember(t: TestServer, balance?: number): Promise<Who> {
  const who = await t.member(`+52${phones++}`, balance);
  await t.server.deps.db.updateTable('members').set({ name: memberName }).where('id', '=', who.id).execute();
  return who;
}

/** A saved approved card (visa 4242 unless told), for top-ups by card. */
export async function savedCard(t: TestServer, who: Who, number = '4242424242424242', brand: CardBrand = 'visa') {
  const added = await t.api(who.token).cards.add(who.id, {
    token: await tokenise(t, number),
    device_session_id: 'd',
    holder_name: memberName,
    brand_name: brand,
  });
  if (!added.ok) throw new Error(added.error.message ?? added.error.kind);
  return added.value.credit_card.id;
}

export async function topUpByCard(
  t: TestServer,
  who: Who,
  cardId: number,
  amount: number,
  machine?: number,
  currency = 'MXN',
) {
  const made = await t.api(who.token).topUps.create(
    who.id,
    {
      credit_card_id: cardId,
      amount,
      currency,
      cvv: '123',
      update_cvv: false,
      with_redirect: false,
      ...(machine ? { product_server_id: machine } : {}),
    },
    { idempotencyKey: refundKey() },
  );
  if (!made.ok) throw new Error(made.error.message ?? made.error.kind);
}

/** A top-up paid by card on the provider's checkout page (its form posted as the member's browser does). */
export async function checkoutTopUp(t: TestServer, who: Who, amount: number) {
  const started = await t
    .api(who.token)
    .topUps.withRedirect(who.id, { amount, currency: 'MXN' }, { idempotencyKey: refundKey() });
  if (!started.ok) throw new Error(started.error.message ?? started.error.kind);
  const paid = await fetch(started.value.url, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`checkout not paid: ${paid.status}`);
}

/** A top-up in cash: a store reference, paid at the store (dev control). */
export async function cashTopUp(t: TestServer, who: Who, amount: number) {
  const issued = await t
    .api(who.token)
    .topUps.byReference(who.id, { amount, currency: 'MXN' }, { idempotencyKey: refundKey() });
  if (!issued.ok) throw new Error(issued.error.message ?? issued.error.kind);
  const paid = await t.dev(`/references/${issued.value.payment_reference.reference.replace(/\s/g, '')}/pay`, {});
  if (!paid.ok) throw new Error(`reference not paid: ${paid.status}`);
}

export const ask = (t: TestServer, who: Who, body: Partial<CreateBalanceRefundBody> = {}, key = refundKey()) =>
  t
    .api(who.token)
    .balanceRefunds.create(
      who.id,
      { currency: 'MXN', clabe: bankClabe, holder_name: memberName, ...body },
      { idempotencyKey: key },
    );

export async function planOf(t: TestServer, who: Who) {
  const read = await t.api(who.token).balanceRefunds.plan(who.id, { currency: 'MXN' });
  if (!read.ok) throw new Error(read.error.message ?? read.error.kind);
  return read.value.plan;
}

export async function refundsOf(t: TestServer, who: Who) {
  const read = await t.api(who.token).balanceRefunds.list(who.id);
  if (!read.ok) throw new Error(read.error.message ?? read.error.kind);
  return read.value.balance_refunds;
}

/** The member's own MXN balance in centavos, summed from the ledger. */
export async function ownCents(t: TestServer, who: Who) {
  const rows = await t.server.deps.db
    .selectFrom('ledger_entries')
    .select('amount_cents')
    .where('member_id', '=', who.id)
    .where('pocket', '=', 'own')
    .where('currency', '=', 'MXN')
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0);
}
