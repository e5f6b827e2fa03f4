import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { confirmedMember } from '../testing/mail.ts';
import { balanceOf, buy, machineId } from '../testing/shop.ts';
import { smtpSink } from '../testing/smtp-sink.ts';

// Issue 35 point 4: a receipt's e-mail leaves through the SMTP server VENDO_SMTP_URL names, as a mail client
// reads it (a local sink); and a mail server that is down never undoes the purchase whose receipt it refuses.

const sink = smtpSink();
let t: TestServer;
let demo: number;
beforeAll(async () => {
  const port = await sink.listen();
  t = await startTestServer(undefined, undefined, undefined, {
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Vendo <no-reply@vendo.example>' },
  });
  demo = await machineId(t, 'demo');
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let people = 0;
const confirmed = (sendReceipts = false) => {
  const n = ++people;
  const email = `smtprecibo${n}@correo.example`;
  return confirmedMember(t, { phone: `+52559600${String(n).padStart(4, '0')}`, email, balance: 100, sendReceipts });
};
let keys = 0;

/** A purchase the machine delivered, settled by reading it: its id, and whether it reads as delivered. */
async function deliveredDeal(who: { id: number; token: string }) {
  const made = await t.api(who.token).deals.create(demo, buy('10'), { idempotencyKey: `smtp-${keys++}` });
  if (!made.ok) throw new Error(`deal refused: ${made.error.error_code}`);
  t.clock.advance(20_000);
  const read = await t.api(who.token).deals.get(demo, made.value.deal.id);
  return { id: made.value.deal.id, status: read.ok ? read.value.deal.delivery_status : null };
}

describe('a receipt through an SMTP server (issue 35 point 4)', () => {
  it('the sink receives the receipt asked for: its folio in the subject, from VENDO_MAIL_FROM, text and HTML with the link', async () => {
    const who = await confirmed();
    const deal = await deliveredDeal(who);
    const arrived = sink.next();

    await t.api(who.token).receipts.emailDeal(who.id, deal.id);

    const mail = await arrived;
    const link = `${t.url}/receipt/deal/${deal.id}`;
    expect(mail.subject).toMatch(/^Tu recibo VEN-\d{6,} de Vendo$/);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(who.email);
    expect(mail.from?.value).toEqual([{ name: 'Vendo', address: 'no-reply@vendo.example' }]);
    expect(mail.text).toContain(link);
    expect(mail.html || '').toContain(`href="${link}"`);
  });

  it('an SMTP server refusing the receipt leaves the purchase delivered and charged', async () => {
    const who = await confirmed(true);
    const before = await balanceOf(t, who);
    sink.state.refusing = true;

    const deal = await deliveredDeal(who).finally(async () => {
      // The automatic receipt was tried, and refused, before the server takes mail again.
      await expect.poll(() => sink.state.refused, { timeout: 5_000 }).toBeGreaterThan(0);
      sink.state.refusing = false;
    });

    expect(deal.status).toBe(0);
    expect(await balanceOf(t, who)).toBeLessThan(before ?? 0);
  });
});
