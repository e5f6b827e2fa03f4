import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, enterAs } from './support/deals.ts';
import { completeMember, devControl } from './support/members.ts';
import { askStoreReference } from './support/references.ts';
import { deliveredPurchases } from './support/rewards.ts';

// Issue 37 point 4: a member gets their own money back: a card's share to that card, cash by SPEI to a CLABE
// in their name; the balance is held at once and the refund's state is followed until done.
const water = 'Agua natural 600 ml'; // $14.00 on every seeded machine
/** A CLABE of another bank (012) with its check digit, and the same digits with a wrong one. */
const clabe = '012180000012345674';
const wrongCheckDigit = '012180000012345675';

const texts = {
  es: {
    pay: 'Pagar $100.00',
    confirmTopUp: 'Confirma tu recarga',
    recharged: 'Saldo recargado',
    close: 'Cerrar',
    link: 'Recuperar mi saldo',
    canComeBack: (amount: string) => `Puedes recuperar ${amount} de tu propio dinero`,
    toCard: '$86.00 a tu Visa •••• 4242',
    bySpei: '$100.00 por SPEI a tu cuenta',
    bonus: 'El saldo de regalo nunca se devuelve: solo el dinero que tú recargaste.',
    cap: 'Te quedan 3 devoluciones y $5,000.00 este mes',
    continue: 'Continuar',
    confirm: 'Confirma tu devolución',
    getBack: (amount: string) => `Recuperar ${amount}`,
    refund: (amount: string) => `Tu devolución de ${amount}`,
    onItsWay: /^(Solicitada|Enviada)$/,
    done: 'Completada',
    held: 'Tu saldo: $0.00',
    clabe: 'CLABE de tu cuenta bancaria',
    holder: 'Titular de la cuenta',
    clabeInvalid: 'Esta CLABE no es válida: revisa sus dígitos.',
    mode: 'Referencia de pago',
    getReference: 'Obtener referencia por $100.00',
    issued: 'Tu referencia de pago',
  },
  en: {
    pay: 'Pay $100.00',
    confirmTopUp: 'Confirm your top-up',
    recharged: 'Balance recharged',
    close: 'Close',
    link: 'Get my balance back',
    canComeBack: (amount: string) => `${amount} of your own money can come back`,
    toCard: '$86.00 to your Visa •••• 4242',
    bySpei: '$100.00 by SPEI to your account',
    bonus: 'Bonus credit never comes back: only the money you topped up yourself.',
    cap: 'You have 3 refunds and $5,000.00 left this month',
    continue: 'Continue',
    confirm: 'Confirm your refund',
    getBack: (amount: string) => `Get ${amount} back`,
    refund: (amount: string) => `Your refund of ${amount}`,
    onItsWay: /^(Requested|Sent)$/,
    done: 'Completed',
    held: 'Your balance: $0.00',
    clabe: 'CLABE of your bank account',
    holder: 'Account holder',
    clabeInvalid: 'This CLABE is not valid: check its digits.',
    mode: 'Payment reference',
    getReference: 'Get a reference for $100.00',
    issued: 'Your payment reference',
  },
} as const;

type Text = (typeof texts)['es' | 'en'];

/** Types as a person does, a key at a time. */
const typeSlowly = async (page: Page, label: string, text: string) => {
  const field = page.getByLabel(label, { exact: true });
  await field.clear();
  await field.pressSequentially(text, { delay: 60 });
};

/** Tops up $100.00 with the saved Visa and its CVV on the top-up screen. */
async function topUpByCard(page: Page, text: Text) {
  await page.goto('/top-up');
  await typeSlowly(page, 'CVV', '123');
  await page.getByRole('button', { name: text.pay }).click();
  await page.getByRole('dialog', { name: text.confirmTopUp }).getByRole('button', { name: text.pay }).click();
  const recharged = page.getByRole('dialog', { name: text.recharged });
  await expect(recharged).toBeVisible();
  await recharged.getByRole('button', { name: text.close }).first().click();
}

/** Asks for a $100.00 store reference on the top-up screen; the store pays it through dev control. */
async function topUpAtStore(page: Page, request: APIRequestContext, text: Text) {
  const number = await askStoreReference(page, {
    mode: text.mode,
    get: text.getReference,
    confirm: text.confirmTopUp,
    issued: text.issued,
    close: text.close,
  });
  const paid = await request.post(devControl(`/references/${number.replace(/\s/g, '')}/pay`), { data: {} });
  expect(paid.ok()).toBe(true);
}

/** The member's newest balance refund as the reference API has it. */
async function newestRefund(request: APIRequestContext, member: { id: number; token: string }) {
  const answer = await request.get(`/api/community_members/${member.id}/balance_refunds`, {
    headers: { Authorization: `Token token=${member.token}` },
  });
  const { balance_refunds } = (await answer.json()) as { balance_refunds: { id: number; status: string }[] };
  return balance_refunds[0];
}

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a member tops up by card, buys, and gets the rest back to that card, held at once and followed until completed`, async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await completeMember(request);
    await enterAs(page, baseURL ?? '', member, locale);
    await topUpByCard(page, text);
    await deliveredPurchases(request, member, '757', water, 1);

    await page.goto('/top-up');
    await page.getByRole('link', { name: text.link }).click();

    const plan = page.getByRole('region', { name: text.canComeBack('$86.00') });
    await expect(plan.getByText(text.toCard)).toBeVisible();
    await expect(plan.getByText(text.bonus)).toBeVisible();
    await expect(plan.getByText(text.cap)).toBeVisible();
    await expect(page.getByLabel(text.clabe, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: text.continue }).click();
    const confirm = page.getByRole('dialog', { name: text.confirm });
    await expect(confirm.getByText(text.toCard)).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: text.getBack('$86.00') }).click();

    const state = page.getByRole('region', { name: text.refund('$86.00') });
    await expect(state.getByText(text.onItsWay)).toBeVisible();
    await expect(page.getByText(text.held)).toBeVisible();
    expect(await balanceOf(request, member)).toBe(0);
    await expectNoAxeViolations(page);

    // The emulated card provider refunds a charge inside its window at once: the card's part is done without
    // waiting for the bank's word, and the screen's next reading says so.
    await expect(state.getByText(text.done, { exact: true })).toBeVisible();
    await expect(page.getByText(text.held)).toBeVisible();
  });

  test(`${locale}: cash comes back by SPEI to a CLABE in the member's name: a wrong check digit refused, the right one accepted, completed by dev control`, async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await completeMember(request);
    await enterAs(page, baseURL ?? '', member, locale);
    await topUpAtStore(page, request, text);

    await page.goto('/balance-refund');
    const plan = page.getByRole('region', { name: text.canComeBack('$100.00') });
    await expect(plan.getByText(text.bySpei)).toBeVisible();
    const clabeField = page.getByLabel(text.clabe, { exact: true });
    await expect(clabeField).toHaveAttribute('inputmode', 'numeric');

    await typeSlowly(page, text.clabe, wrongCheckDigit);
    await typeSlowly(page, text.holder, 'Prueba Vendo');
    await page.getByRole('button', { name: text.continue }).click();

    await expect(page.getByText(text.clabeInvalid)).toBeVisible();
    await expect(clabeField).toHaveValue('012 180 00001234567 5');
    await expect(page.getByRole('dialog', { name: text.confirm })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await typeSlowly(page, text.clabe, clabe);
    await page.getByRole('button', { name: text.continue }).click();

    const confirm = page.getByRole('dialog', { name: text.confirm });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: text.getBack('$100.00') }).click();
    const state = page.getByRole('region', { name: text.refund('$100.00') });
    await expect(state.getByText(text.onItsWay)).toBeVisible();
    expect(await balanceOf(request, member)).toBe(0);

    // The transfer is sent; dev control gives the bank's word that it arrived.
    await expect.poll(async () => (await newestRefund(request, member))?.status).toBe('sent');
    const refund = await newestRefund(request, member);
    const confirmed = await request.post(devControl(`/balance_refunds/${refund?.id}/confirm`), {
      data: { outcome: 'done' },
    });
    expect(confirmed.ok()).toBe(true);
    await expect(state.getByText(text.done, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
