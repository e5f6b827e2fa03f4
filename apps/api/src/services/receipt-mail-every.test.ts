import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { startTestServer, type TestServer, tokenise } from '../testing/harness.ts';
import { confirmedMember, linkToken, mailTo, profileWith, receiptsMailedTo } from '../testing/mail.ts';
import { buy, machineId } from '../testing/shop.ts';
import { sendReceiptMail } from './receipt-mail.ts';

// Issue 35 point 4, "send me every receipt": with the setting on and the address confirmed, every delivered
// purchase and every credited top-up e-mails its receipt without asking. The e-mail is a job queued in the
// transaction that moved the money; it checks the address and the setting again when it runs.

let t: TestServer;
let demo: number;
beforeAll(async () => {
  // A member here may change their address within a minute of confirming the first: the limit is lifted
  // (email-confirmation-limits.test.ts pins it).
  t = await startTestServer(undefined, undefined, undefined, {
    rateLimits: { emailConfirmationsPerMember: { ...rateLimits.emailConfirmationsPerMember, points: 1_000 } },
  });
  demo = await machineId(t, 'demo');
});
afterAll(() => t.close());

type Who = { id: number; token: string; email: string };
let people = 0;
const phone = () => `+52559900${String(++people).padStart(4, '0')}`;
const member = (sendReceipts: boolean) =>
  confirmedMember(t, { phone: phone(), email: `cada${people}@correo.example`, balance: 200, sendReceipts });
let keys = 0;

/** A purchase the machine reaches the end of (status 0, delivered, unless `status` says otherwise), settled by reading it. */
async function purchase(who: Who, status = 0) {
  await t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status, after_ms: 100 }] });
  const made = await t.api(who.token).deals.create(demo, buy('10'), { idempotencyKey: `every-${keys++}` });
  if (!made.ok) throw new Error(`deal refused: ${made.error.error_code}`);
  t.clock.advance(1_000);
  const read = await t.api(who.token).deals.get(demo, made.value.deal.id);
  expect(read.ok && read.value.deal.delivery_status).toBe(status);
  return made.value.deal.id;
}

/** The links of the receipts e-mailed to the member, once `count` have arrived. */
async function linksMailed(who: Who, count: number) {
  await expect.poll(() => receiptsMailedTo(t, who.email), { timeout: 5_000 }).toHaveLength(count);
  const mails = await receiptsMailedTo(t, who.email);
  return mails.map((mail) => /\/receipt\/[\w-]+\/\d+/.exec(mail.text)?.[0]);
}

/** The job a settlement queues for a member who gets every receipt, run here by hand. */
const everyReceiptJob = (who: Who, dealId: number) =>
  ({ kind: 'receipt_mail', receipt: 'deal', id: dealId, memberId: who.id, reason: 'every_receipt' }) as const;

const setSendReceipts = (who: Who, on: boolean) =>
  t.api(who.token).members.update(who.id, profileWith(who.email, { send_receipts: on }));

describe('the setting, in the profile (issue 35 point 4)', () => {
  it('a profile save writes send_receipts and the member answer reads it; a save that leaves it out keeps it', async () => {
    const who = await member(true);
    await t.api(who.token).members.update(who.id, profileWith(who.email));

    const read = await t.api(who.token).members.get(who.id);

    expect(read.ok && read.value.community_member.send_receipts).toBe(true);
  });

  it('is off for a member who never turned it on', async () => {
    const who = await t.member(phone());

    const read = await t.api(who.token).members.get(who.id);

    expect(read.ok && read.value.community_member.send_receipts).toBe(false);
  });
});

describe('with "send me every receipt" on, receipts arrive without asking (issue 35 point 4)', () => {
  it("a delivered purchase's receipt arrives once the delivery settles", async () => {
    const who = await member(true);

    const dealId = await purchase(who);

    expect(await linksMailed(who, 1)).toEqual([`/receipt/deal/${dealId}`]);
  });

  it('a purchase the machine failed to deliver sends none: only the next, delivered one arrives', async () => {
    const who = await member(true);
    await purchase(who, 5);

    const delivered = await purchase(who);

    expect(await linksMailed(who, 1)).toEqual([`/receipt/deal/${delivered}`]);
  });

  it('a top-up by store reference sends its receipt when it is paid at the store', async () => {
    const who = await member(true);
    const issued = await t
      .api(who.token)
      .topUps.byReference(who.id, { amount: 100, currency: 'MXN' }, { idempotencyKey: `every-${keys++}` });
    const reference = issued.ok ? issued.value.payment_reference.reference.replace(/\s/g, '') : '';

    await t.dev(`/references/${reference}/pay`, {});

    const paid = await t.server.deps.db
      .selectFrom('top_ups')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(await linksMailed(who, 1)).toEqual([`/receipt/top-up/${paid.id}`]);
  });

  it('a top-up by saved card sends its receipt once the provider charged it', async () => {
    const who = await member(true);
    const card = await t.api(who.token).cards.add(who.id, {
      token: await tokenise(t, '4111111111111111'),
      device_session_id: 'd',
      holder_name: 'Ana López',
      brand_name: 'visa',
    });
    const body = {
      credit_card_id: card.ok ? card.value.credit_card.id : 0,
      amount: 100,
      currency: 'MXN',
      cvv: '123',
      update_cvv: false,
      with_redirect: false as const,
    };

    const made = await t.api(who.token).topUps.create(who.id, body, { idempotencyKey: `every-${keys++}` });

    expect(await linksMailed(who, 1)).toEqual([`/receipt/top-up/${made.ok ? made.value.top_up?.id : 0}`]);
  });
});

describe('nothing is sent without the setting on and a confirmed address (issue 35 point 4)', () => {
  it('off sends none: after turning it on, only the next purchase arrives', async () => {
    const who = await member(false);
    await purchase(who);
    await setSendReceipts(who, true);

    const next = await purchase(who);

    expect(await linksMailed(who, 1)).toEqual([`/receipt/deal/${next}`]);
  });

  it('on with an address not yet confirmed sends none: once confirmed, only the next purchase arrives', async () => {
    const who = { ...(await t.member(phone(), 200)), email: `sinconfirmar${people}@correo.example` };
    await setSendReceipts(who, true);
    await purchase(who);
    await t.api().members.confirmEmail({ token: linkToken((await mailTo(t, who.email))[0]) });

    const next = await purchase(who);

    expect(await linksMailed(who, 1)).toEqual([`/receipt/deal/${next}`]);
  });

  it.each([
    ['off', (who: Who) => setSendReceipts(who, false)],
    [
      'on but the address changed, so unconfirmed',
      (who: Who) =>
        t.api(who.token).members.update(who.id, profileWith(`otra${who.id}@correo.example`, { send_receipts: true })),
    ],
  ])('a receipt job that finds the setting %s when it runs sends nothing', async (_, since) => {
    const who = await member(true);
    const dealId = await purchase(who);
    await linksMailed(who, 1);
    expect((await since(who)).ok).toBe(true);

    await sendReceiptMail(t.server.deps, everyReceiptJob(who, dealId));

    expect(await receiptsMailedTo(t, who.email)).toHaveLength(1);
    expect(await receiptsMailedTo(t, `otra${who.id}@correo.example`)).toEqual([]);
  });

  it('a receipt job that finds the setting on and the address confirmed sends it', async () => {
    const who = await member(false);
    const dealId = await purchase(who);
    await setSendReceipts(who, true);

    await sendReceiptMail(t.server.deps, everyReceiptJob(who, dealId));

    expect(await receiptsMailedTo(t, who.email)).toHaveLength(1);
  });
});
