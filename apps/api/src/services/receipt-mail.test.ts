import { formatDateTime } from '@vendo/core';
import { describe, expect, it } from 'vitest';
import { confirmedMember, profileWith, receiptsMailedTo } from '../testing/mail.ts';
import { buy, demoShop } from '../testing/shop.ts';

// Issue 35 point 4: "Enviar a mi correo". A member with a confirmed address asks for one of their receipts and
// it is e-mailed to them (a job, a moment after the 202): the subject names its folio, a text part and an HTML
// part say what the receipt page shows, in the language the member last used. Nobody else's, and never to
// an address not confirmed.

const shop = demoShop();

type Who = { id: number; token: string };
let people = 0;
const next = () => ++people;
const confirmed = (extra: { balance?: number; locale?: 'es' | 'en' } = {}) => {
  const n = next();
  return confirmedMember(shop.t, {
    phone: `+52559700${String(n).padStart(4, '0')}`,
    email: `recibo${n}@correo.example`,
    ...extra,
  });
};
const water = () => shop.items.find((item) => item.name === 'Agua natural 600 ml' && item.sellable)!;
let keys = 0;

/** A purchase the machine delivered, read once so it is settled: its id. */
async function deliveredDeal(who: Who, userCode = water().user_code) {
  const made = await shop.t.api(who.token).deals.create(shop.demo, buy(userCode), { idempotencyKey: `mail-${keys++}` });
  if (!made.ok) throw new Error(`deal refused: ${made.error.error_code}`);
  shop.t.clock.advance(20_000);
  await shop.t.api(who.token).deals.get(shop.demo, made.value.deal.id);
  return made.value.deal.id;
}

/** A store-reference top-up paid at the store at once: its id. */
async function paidReference(who: Who, amount: number) {
  const issued = await shop.t
    .api(who.token)
    .topUps.byReference(who.id, { amount, currency: 'MXN' }, { idempotencyKey: `mail-${keys++}` });
  if (!issued.ok) throw new Error(issued.error.message ?? issued.error.kind);
  const reference = issued.value.payment_reference.reference;
  await shop.t.dev(`/references/${reference.replace(/\s/g, '')}/pay`, {});
  const row = await shop.t.server.deps.db
    .selectFrom('top_ups')
    .select('id')
    .where('reference', '=', reference.replace(/\s/g, ''))
    .executeTakeFirstOrThrow();
  return { id: row.id, reference };
}

/** The e-mails (receipts only) that reach the address: waits until there are `count`. */
async function receiptsArriving(email: string, count = 1) {
  await expect.poll(() => receiptsMailedTo(shop.t, email), { timeout: 5_000 }).toHaveLength(count);
  return receiptsMailedTo(shop.t, email);
}

const receiptOf = async (who: Who, dealId: number) => {
  const read = await shop.t.api(who.token).receipts.deal(who.id, dealId);
  if (!read.ok) throw new Error(`no receipt: ${read.error.error_code}`);
  return read.value.receipt;
};

describe('a receipt asked for lands in the inbox, text and HTML, in the member’s language (issue 35 point 4)', () => {
  it('a purchase, in Spanish: its folio in the subject; machine, product, price, payment, date, total, balance after and link in both parts', async () => {
    const who = await confirmed({ balance: 100 });
    const dealId = await deliveredDeal(who);

    const asked = await shop.t.api(who.token).receipts.emailDeal(who.id, dealId);

    expect(asked).toEqual({ ok: true, value: undefined });
    const [mail] = await receiptsArriving(who.email);
    const receipt = await receiptOf(who, dealId);
    const price = `$${water().price?.toFixed(2)} MXN`;
    const link = `${shop.t.url}/receipt/deal/${dealId}`;
    expect(mail?.subject).toBe(`Tu recibo ${receipt.folio} de Vendo`);
    for (const line of [
      `Folio: ${receipt.folio}`,
      `Fecha: ${formatDateTime(receipt.issued_at, 'es', 'America/Mexico_City')} (hora de Ciudad de México)`,
      'Máquina: demo',
      'Producto: Agua natural 600 ml',
      `Precio: ${price}`,
      'Forma de pago: Saldo',
      `Total: ${price}`,
      `Saldo después: $${(100 - (water().price ?? 0)).toFixed(2)} MXN`,
      link,
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.html).toContain('<html lang="es">');
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('Agua natural 600 ml');
    expect(mail?.html).toContain(receipt.folio);
  });

  it('a top-up, in English for a member who last used English: "Your Vendo receipt", the store reference, the link', async () => {
    const who = await confirmed({ locale: 'en' });
    const { id, reference } = await paidReference(who, 200);

    const asked = await shop.t.api(who.token).receipts.emailTopUp(who.id, id);

    expect(asked.ok).toBe(true);
    const [mail] = await receiptsArriving(who.email);
    expect(mail?.subject).toMatch(/^Your Vendo receipt VEN-\d{6,}$/);
    for (const line of [
      `Paid with: Store reference ${reference}`,
      'Top-up: $200.00 MXN',
      'Balance after: $200.00 MXN',
      `${shop.t.url}/receipt/top-up/${id}`,
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.html).toContain('<html lang="en">');
    expect(mail?.html).toContain('Store reference');
  });
});

describe('only to a confirmed address: 422 email_not_confirmed otherwise, nothing sent (issue 35 point 4)', () => {
  it.each([
    ['no address at all', false],
    ['an address whose link was never opened', true],
  ])('%s', async (_, savesAddress) => {
    const n = next();
    const who = await shop.t.member(`+52559700${String(n).padStart(4, '0')}`, 100);
    const email = `sinconfirmar${n}@correo.example`;
    if (savesAddress) await shop.t.api(who.token).members.update(who.id, profileWith(email));
    const dealId = await deliveredDeal(who);

    const asked = await shop.t.api(who.token).receipts.emailDeal(who.id, dealId);

    expect(asked).toMatchObject({ ok: false, error: { status: 422, error_code: 'email_not_confirmed' } });
    expect(await receiptsMailedTo(shop.t, email)).toEqual([]);
  });
});

describe('only the member’s own issued receipts: 404 not_found otherwise, as reading them (issue 35 point 4)', () => {
  it("another member's purchase answers 404, under the stranger's id or the owner's, and nobody is sent it", async () => {
    const owner = await confirmed({ balance: 100 });
    const stranger = await confirmed();
    const dealId = await deliveredDeal(owner);

    const asked = await Promise.all([
      shop.t.api(stranger.token).receipts.emailDeal(stranger.id, dealId),
      shop.t.api(stranger.token).receipts.emailDeal(owner.id, dealId),
    ]);

    expect(asked.map((answer) => (answer.ok ? 202 : answer.error.status))).toEqual([404, 404]);
    expect([
      ...(await receiptsMailedTo(shop.t, owner.email)),
      ...(await receiptsMailedTo(shop.t, stranger.email)),
    ]).toEqual([]);
  });

  it('a purchase the machine failed to deliver has no receipt to send: 404', async () => {
    const who = await confirmed({ balance: 100 });
    await shop.t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status: 5, after_ms: 100 }] });
    const made = await shop.t
      .api(who.token)
      .deals.create(shop.demo, buy(water().user_code), { idempotencyKey: `mail-${keys++}` });
    shop.t.clock.advance(1_000);

    const asked = await shop.t.api(who.token).receipts.emailDeal(who.id, made.ok ? made.value.deal.id : 0);

    expect(asked).toMatchObject({ ok: false, error: { status: 404, error_code: 'not_found' } });
  });
});

describe('every value the server writes into the HTML is escaped (issue 35 point 4)', () => {
  it('a product named with markup arrives as text: no <script> in the HTML, the name as written in the text part', async () => {
    const hostile = `<script>alert("recibo")</script> & <img src=x onerror='x'>`;
    const item = shop.items.find((each) => each.sellable && each.price && each.user_code !== water().user_code)!;
    await shop.t.server.deps.db
      .updateTable('products')
      .set({ name: hostile })
      .where('machine_id', '=', shop.demo)
      .where('user_code', '=', item.user_code)
      .execute();
    const who = await confirmed({ balance: 200 });
    const dealId = await deliveredDeal(who, item.user_code);

    await shop.t.api(who.token).receipts.emailDeal(who.id, dealId);

    const [mail] = await receiptsArriving(who.email);
    expect(mail?.html).not.toContain('<script');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain(
      '&lt;script&gt;alert(&quot;recibo&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=&#39;x&#39;&gt;',
    );
    expect(mail?.text).toContain(`Producto: ${hostile}`);
  });
});
