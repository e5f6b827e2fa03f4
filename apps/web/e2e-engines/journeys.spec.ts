import type { APIRequestContext } from '@playwright/test';
import { balanceOf, scriptScreensToSee } from '../e2e/support/deals.ts';
import { completeMember, dealsOf, devControl, lastCode } from '../e2e/support/members.ts';
import type { Driver } from './driver/driver.ts';
import { expect, test } from './driver/fixtures.ts';

/**
 * The main journeys in WebKit (WebKitGTK, the engine of every iPhone browser) and Firefox, written once:
 * the project's driver (e2e-engines/driver) runs them in its engine, at phone size, in each language.
 */

const texts = {
  es: {
    signIn: 'Inicia sesión',
    phone: 'Número de teléfono (10 dígitos)',
    privacy: /^Acepto el/,
    send: 'Envíame un código',
    enterCode: 'Escribe tu código',
    code: 'Código de verificación',
    chooseMachine: 'Elige una máquina',
    machineId: 'ID de la máquina',
    open: 'Abrir la máquina',
    buy: /^Comprar por \$14\.00$/,
    connecting: 'Conectando con @demo…',
    typeNumber: 'Marca este número en el teclado de la máquina',
    enjoy: '¡Disfruta tu compra!',
    insertCoins: 'Insertar monedas',
    keypad: 'Teclado de la máquina',
    // Each language its own keys: the journeys of an engine take turns on one machine.
    keys: ['4', '2', '7'],
    addFunds: 'Agregar saldo',
    pay: /^Pagar \$100\.00/,
    confirm: 'Confirma tu recarga',
    charged: 'Se cargarán $100.00 MXN a tu tarjeta Visa terminada en 4242.',
    recharged: 'Saldo recargado',
    seeReceipt: 'Ver el recibo',
    receipt: /^Recibo VEN-\d{6,}$/,
    stamps: '0 de 8 sellos: al llegar a 8, tu siguiente compra es gratis (hasta $25.00).',
    bonusAmount: /^\$200\.00 \+\$10\.00 de regalo$/,
    pay200: /^Pagar \$200\.00/,
    got: 'También recibiste $10.00 de saldo de regalo.',
    referenceMode: 'Referencia de pago',
    getReference: 'Obtener referencia por $100.00',
    issued: 'Tu referencia de pago',
    close: 'Cerrar',
    toCredit: '$100.00 por acreditar',
    creditedOn: 'acreditado el',
    getClabe: 'Obtener mi CLABE',
    clabe: 'Tu CLABE',
    history: 'Historial',
    tracking: (key: string) => `Clave de rastreo ${key}`,
    getMyBalanceBack: 'Recuperar mi saldo',
    toCard: '$100.00 a tu Visa •••• 4242',
    continue: 'Continuar',
    confirmRefund: 'Confirma tu devolución',
    getBack: 'Recuperar $100.00',
    refundDone: 'Completada',
  },
  en: {
    signIn: 'Sign in',
    phone: 'Phone number (10 digits)',
    privacy: /^I accept the/,
    send: 'Send me a code',
    enterCode: 'Enter your code',
    code: 'Verification code',
    chooseMachine: 'Choose a machine',
    machineId: 'Machine ID',
    open: 'Open the machine',
    buy: /^Buy for \$14\.00$/,
    connecting: 'Connecting to @demo…',
    typeNumber: "Type this number on the machine's keyboard",
    enjoy: 'Enjoy your purchase!',
    insertCoins: 'Insert coins',
    keypad: 'Machine keypad',
    keys: ['1', '5', '9'],
    addFunds: 'Add funds',
    pay: /^Pay \$100\.00/,
    confirm: 'Confirm your top-up',
    charged: '$100.00 MXN will be charged to your Visa card ending in 4242.',
    recharged: 'Balance recharged',
    seeReceipt: 'See the receipt',
    receipt: /^Receipt VEN-\d{6,}$/,
    stamps: '0 of 8 stamps: at 8, your next purchase is free (up to $25.00).',
    bonusAmount: /^\$200\.00 \+\$10\.00 bonus$/,
    pay200: /^Pay \$200\.00/,
    got: 'You also got $10.00 of bonus credit.',
    referenceMode: 'Payment reference',
    getReference: 'Get a reference for $100.00',
    issued: 'Your payment reference',
    close: 'Close',
    toCredit: '$100.00 to be credited',
    creditedOn: 'credited on',
    getClabe: 'Get my CLABE',
    clabe: 'Your CLABE',
    history: 'History',
    tracking: (key: string) => `Tracking key ${key}`,
    getMyBalanceBack: 'Get my balance back',
    toCard: '$100.00 to your Visa •••• 4242',
    continue: 'Continue',
    confirmRefund: 'Confirm your refund',
    getBack: 'Get $100.00 back',
    refundDone: 'Completed',
  },
} as const;

type Lang = keyof typeof texts;

/** The member's newest store reference, as "Pagos pendientes" reads it. */
async function newestReference(request: APIRequestContext, member: { id: number; token: string }) {
  const answer = await request.get(`/api/community_members/${member.id}/pending_top_ups`, {
    headers: { Authorization: `Token token=${member.token}` },
  });
  const [newest] = ((await answer.json()) as { pending_top_ups: { reference: string }[] }).pending_top_ups;
  if (!newest) throw new Error('no store reference');
  return newest.reference;
}
const languages = Object.keys(texts) as Lang[];

/** The app opens as the member, in the language, as e2e/support/deals.ts `enterAs` does in Chromium. */
async function enterAs(driver: Driver, member: { id: number; token: string }, lang: Lang) {
  await driver.setCookies({
    'vendo.token': member.token,
    'vendo.member': String(member.id),
    'vendo.locale': lang,
    'vendo.dismissed.native-app': '1',
  });
}

/** Opens a machine by its name in the address, as its QR code does, and waits for its inventory. */
async function openMachine(driver: Driver, machine: string) {
  await driver.goto(`/${machine}`);
  await driver.seePath(/\/machine-inventory$/);
}

for (const lang of languages) {
  const t = texts[lang];

  test.describe(`in ${lang}`, () => {
    test(`a member signs in by typing the phone and the texted code, in ${lang}`, async ({ driver, request }) => {
      const member = await completeMember(request);
      // The language as the member chose it before (the switch's own journey is Chromium's, sign-in.spec.ts).
      await driver.setCookies({ 'vendo.dismissed.native-app': '1', 'vendo.locale': lang });
      await driver.goto('/');
      await driver.see('heading', t.signIn);
      await driver.type(t.phone, member.phone);
      await driver.tap('checkbox', t.privacy);
      await driver.tap('button', t.send);
      await driver.seePath(/\/phone-verification$/);
      await driver.see('heading', t.enterCode);
      await driver.type(t.code, await lastCode(request, member.phone));
      await driver.seePath(/\/machine-selection$/);
      await driver.see('heading', t.chooseMachine);
    });

    test(`a member chooses a machine by typing its ID, in ${lang}`, async ({ driver, request }) => {
      await enterAs(driver, await completeMember(request), lang);
      await driver.goto('/machine-selection');
      await driver.type(t.machineId, 'demo');
      await driver.tap('button', t.open);
      await driver.seePath(/\/machine-inventory$/);
      await driver.see('button', '@demo');
    });

    test(`in one visit from /, a member signs in, opens demo by its ID and a product, in ${lang} (issue 31 point 2)`, async ({
      driver,
      request,
    }) => {
      const member = await completeMember(request, 100);
      await driver.setCookies({ 'vendo.dismissed.native-app': '1', 'vendo.locale': lang });
      await driver.goto('/');
      await driver.type(t.phone, member.phone);
      await driver.tap('checkbox', t.privacy);
      await driver.tap('button', t.send);
      await driver.see('heading', t.enterCode);
      await driver.type(t.code, await lastCode(request, member.phone));
      await driver.see('heading', t.chooseMachine);
      await driver.type(t.machineId, 'demo');
      await driver.tap('button', t.open);
      await driver.seePath(/\/machine-inventory$/);
      await driver.tap('link', /Agua natural 600 ml/);
      await driver.seePath(/\/product\/\d+$/);
      await driver.see('button', t.buy);
    });

    test(`a member buys from the balance, follows the deal to the download screen and opens its receipt, in ${lang}`, async ({
      driver,
      request,
    }) => {
      const member = await completeMember(request, 100);
      await enterAs(driver, member, lang);
      await scriptScreensToSee(request, 'demo', member, 8_000);
      await openMachine(driver, 'demo');
      await driver.tap('link', /Agua natural 600 ml/);
      await driver.seePath(/\/product\/\d+$/);
      await driver.tap('button', t.buy);
      await driver.seePath(/\/connecting$/);
      await driver.seeText(t.connecting);
      await driver.seePath(/\/machine-ready$/);
      await driver.seeText(t.typeNumber);
      await driver.seePath(/\/download$/);
      await driver.see('heading', t.enjoy);
      expect(await balanceOf(request, member)).toBe(86);
      expect(await dealsOf(request, member)).toHaveLength(1);
      // Issue 35 point 3: the delivered purchase's receipt.
      await driver.tap('link', t.seeReceipt);
      await driver.seePath(/\/receipt\/deal\/\d+$/);
      await driver.see('heading', t.receipt);
    });

    test(`a member tops up 100 with the saved card and opens its receipt, in ${lang}`, async ({ driver, request }) => {
      const member = await completeMember(request);
      await enterAs(driver, member, lang);
      await openMachine(driver, 'demo');
      // The balance in the header: a tap adds funds.
      await driver.tap('button', '$0.00');
      await driver.see('heading', t.addFunds);
      await driver.type('CVV', '123');
      await driver.tap('button', t.pay);
      await driver.see('dialog', t.confirm);
      await driver.seeText(t.charged);
      await driver.tap('button', t.pay);
      await driver.see('dialog', t.recharged);
      expect(await balanceOf(request, member)).toBe(100);
      // Issue 35 point 3: the credited top-up's receipt.
      await driver.tap('link', t.seeReceipt);
      await driver.seePath(/\/receipt\/top-up\/\d+$/);
      await driver.see('heading', t.receipt);
    });

    test(`a member sees the stamp card at premios and tops up 200 with its bonus, in ${lang} (issue 36)`, async ({
      driver,
      request,
    }) => {
      const member = await completeMember(request);
      await enterAs(driver, member, lang);
      await openMachine(driver, 'premios');
      await driver.seeText(t.stamps);
      await driver.tap('button', '$0.00');
      await driver.see('heading', t.addFunds);
      await driver.tap('radio', t.bonusAmount);
      await driver.type('CVV', '123');
      await driver.tap('button', t.pay200);
      await driver.see('dialog', t.confirm);
      await driver.tap('button', t.pay200);
      await driver.see('dialog', t.recharged);
      await driver.seeText(t.got);
      expect(await balanceOf(request, member)).toBe(200);
    });

    test(`a member tops up 100 by card and gets it back to that card, in ${lang} (issue 37 point 4)`, async ({
      driver,
      request,
    }) => {
      const member = await completeMember(request);
      await enterAs(driver, member, lang);
      await driver.goto('/top-up');
      await driver.type('CVV', '123');
      await driver.tap('button', t.pay);
      await driver.see('dialog', t.confirm);
      await driver.tap('button', t.pay);
      await driver.see('dialog', t.recharged);
      await driver.goto('/top-up');
      await driver.tap('link', t.getMyBalanceBack);
      await driver.seePath(/\/balance-refund$/);
      await driver.seeText(t.toCard);
      await driver.tap('button', t.continue);
      await driver.see('dialog', t.confirmRefund);
      await driver.tap('button', t.getBack);
      await driver.seeText(t.refundDone);
      expect(await balanceOf(request, member)).toBe(0);
    });

    test(`a member gets a store reference, the store pays it and it is credited; a SPEI transfer to their CLABE too, in ${lang} (issue 37 points 1, 2)`, async ({
      driver,
      request,
      engine,
    }) => {
      const member = await completeMember(request);
      await enterAs(driver, member, lang);
      await driver.goto('/top-up');
      await driver.see('heading', t.addFunds);
      await driver.tap('radio', t.referenceMode);
      await driver.tap('button', t.getReference);
      await driver.see('dialog', t.confirm);
      await driver.tap('button', t.getReference);
      await driver.see('dialog', t.issued);
      await driver.tap('button', t.close);
      const reference = await newestReference(request, member);
      await driver.seeText(reference);
      await driver.seeText(t.toCredit);

      const paid = await request.post(devControl(`/references/${reference.replace(/\s/g, '')}/pay`), { data: {} });
      expect(paid.ok()).toBe(true);
      await driver.goto('/top-up');
      await driver.seeText(t.creditedOn);
      expect(await balanceOf(request, member)).toBe(100);

      await driver.tap('button', t.getClabe);
      await driver.seeText(t.clabe);
      const trackingKey = `${engine}${lang}${Date.now()}`.toUpperCase();
      const sent = await request.post(devControl('/spei/deposits'), {
        data: { member_id: member.id, amount: 50, tracking_key: trackingKey },
      });
      expect(sent.ok()).toBe(true);
      await driver.goto('/history');
      await driver.see('heading', t.history);
      await driver.seeText(t.tracking(trackingKey));
      expect(await balanceOf(request, member)).toBe(150);
    });
  });
}

test.describe('the touchless keypad', () => {
  // A keypad serves one member at a time: an engine's journeys take turns on its machine.
  test.describe.configure({ mode: 'default' });
  for (const lang of languages) {
    const t = texts[lang];
    test(`a member types on a numeric-keyboard machine's keypad and the keys reach it, in ${lang}`, async ({
      driver,
      request,
      engine,
    }) => {
      const machine = engine === 'webkit' ? 'teclado' : 'teclado2';
      const keysOf = async () =>
        ((await (await request.get(`/__dev/machines/${machine}/keypad`)).json()) as { keys: string[] }).keys;
      await enterAs(driver, await completeMember(request), lang);
      try {
        await openMachine(driver, machine);
        await driver.tap('tab', t.insertCoins);
        for (const key of t.keys) await driver.tap('button', key, { group: t.keypad });
        await expect.poll(async () => (await keysOf()).slice(-3)).toEqual(t.keys);
      } finally {
        await request.post(`/__dev/machines/${machine}/keypad/close`, { data: {} });
      }
    });
  }
});
