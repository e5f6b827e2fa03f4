import { expect, test } from '@playwright/test';

/** Each route names the tab after its screen and, after a navigation, puts the focus on its heading (issue 15 point 27). */
for (const [locale, texts] of [
  ['es', { signIn: 'Inicia sesión', link: '¿Solo quieres ver? Busca una máquina', machines: 'Elige una máquina' }],
  ['en', { signIn: 'Sign in', link: 'Just looking? Find a machine', machines: 'Choose a machine' }],
] as const) {
  test(`each screen names the page and takes the focus after a navigation (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'vendo.locale', value: locale, url: baseURL ?? '' }]);
    await page.goto('/');
    await expect(page).toHaveTitle(`${texts.signIn} · Vendo`);

    await page.getByRole('link', { name: texts.link }).click();

    await expect(page).toHaveTitle(`${texts.machines} · Vendo`);
    await expect(page.getByRole('heading', { level: 1, name: texts.machines })).toBeFocused();
  });
}
