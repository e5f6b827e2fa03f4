import { expect, type Page, test } from '@playwright/test';
import { asSlowPhone } from '../../../scripts/slow-phone.ts';
import { PhoneVerificationPage } from './pages/phone-verification.ts';
import { SignInPage } from './pages/sign-in.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { hold } from './support/hold.ts';
import { completeMember, freshPhone, lastCode, strangerGuesses } from './support/members.ts';

// Issue 31 point 1: the server-drawn `/` is usable the moment it paints. Before the app's code has run the
// browser sends its forms itself, and the server answers the next page.

/** The app's own module (boot.js asks for it after the first paint): held, the page is the browser's alone. */
const appModule = /\/assets\/index-[\w-]+\.js$/;
const withoutTheApp = (page: Page) => hold(page, appModule);

for (const lang of ['es', 'en'] as const) {
  test.describe(`/ before the app's code has run, in ${lang}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      if (lang === 'en') await page.context().addCookies([{ name: 'vendo.locale', value: 'en', url: baseURL ?? '' }]);
    });

    test('the form sent by the browser itself texts the code and lands on the code screen, which signs in whatever a stranger guessed meanwhile', async ({
      page,
      request,
    }) => {
      const release = await withoutTheApp(page);
      const signIn = new SignInPage(page, lang);
      const { phone } = await completeMember(request);
      await signIn.open({ untilTheAppRuns: false });

      await signIn.fill(phone);
      await signIn.send();
      release();

      const verification = new PhoneVerificationPage(page, lang);
      await verification.expectOpen();
      await expect(page.getByText(`+52 ${phone}`)).toBeVisible();
      const code = await lastCode(request, phone);
      // Issue 32 point 1: the screen sends back the challenge the form's answer kept, so a stranger's checks
      // meanwhile never make the right code fail.
      await strangerGuesses(request, phone, code);
      await verification.type(code);
      await expect(page).toHaveURL(/\/machine-selection$/);
    });

    test('a form the server refuses comes back with what was wrong and the phone kept, focused once the app runs', async ({
      page,
    }) => {
      const release = await withoutTheApp(page);
      const signIn = new SignInPage(page, lang);
      await signIn.open({ untilTheAppRuns: false });

      await signIn.fill('55123', false);
      await signIn.send();

      await expect(page).toHaveURL(/\/$/);
      await expect(signIn.phone()).toHaveValue('55123');
      await expect(signIn.phone()).toHaveAttribute('aria-invalid', 'true');
      release();
      await expect(signIn.phone()).toBeFocused();
      const problems =
        lang === 'es'
          ? ['Escribe tu número de teléfono de 10 dígitos', 'Acepta el aviso de privacidad para continuar']
          : ['Enter your 10-digit phone number', 'Accept the privacy notice to continue'];
      for (const problem of problems) await expect(page.getByText(problem)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

for (const [lang, text] of [
  ['es', { coins: 'Insertar monedas', keyboard: 'Elegir en el teclado de la máquina' }],
  ['en', { coins: 'Insert coins', keyboard: "Choose on the machine's keyboard" }],
] as const) {
  test(`a machine's tabs switch before the app has run (${lang})`, async ({ page, baseURL }) => {
    if (lang === 'en') await page.context().addCookies([{ name: 'vendo.locale', value: 'en', url: baseURL ?? '' }]);
    const release = await withoutTheApp(page);
    await page.goto('/teclado');

    await page.getByRole('tab', { name: text.coins }).click();

    await expect(page.getByRole('tab', { name: text.coins })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: text.keyboard })).toBeVisible();
    await expectNoAxeViolations(page);
    release();
  });
}

test('the language switch works before the app has run (spec §2), and the choice is kept', async ({ page }) => {
  await withoutTheApp(page);
  const signIn = new SignInPage(page);
  await signIn.open({ untilTheAppRuns: false });

  await page.getByRole('button', { name: 'English' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'vendo.locale')?.value).toBe('en');
});

test.describe('a member on a slow phone types from the first moment the field can be focused (issue 31)', () => {
  // Ten in a row: the first that loses a digit stops the rest.
  test.describe.configure({ mode: 'serial' });
  test.skip(({ browserName }) => browserName !== 'chromium', 'CPU and network throttling go through Chromium DevTools');

  for (let run = 1; run <= 10; run++) {
    test(`run ${run}: every digit typed at 150 ms a key arrives, and the code goes to that number`, async ({
      page,
      request,
    }) => {
      test.slow();
      await asSlowPhone(page);
      const signIn = new SignInPage(page);
      const phone = freshPhone();

      await page.goto('/', { waitUntil: 'commit' });
      await signIn.phone().click();
      await signIn.phone().pressSequentially(phone, { delay: 150 });
      await page.getByRole('checkbox', { name: signIn.text.privacy }).check();
      await signIn.send();

      await new PhoneVerificationPage(page).expectOpen();
      expect(await lastCode(request, phone)).toMatch(/^\d{4}$/);
    });
  }
});
