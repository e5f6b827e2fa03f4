import { expect, type Page, test } from '@playwright/test';
import { SignInPage } from './pages/sign-in.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshPhone } from './support/members.ts';

/** Each route names the tab after its screen and, after a navigation, puts the focus on its heading (issue 15 point 27). */
for (const [locale, texts] of [
  ['es', { signIn: 'Inicia sesión', link: '¿Solo quieres ver? Busca una máquina', machines: 'Elige una máquina' }],
  ['en', { signIn: 'Sign in', link: 'Just looking? Find a machine', machines: 'Choose a machine' }],
] as const) {
  test(`each screen names the page and takes the focus after a navigation (${locale})`, {
    tag: '@every-phone',
  }, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'vendo.locale', value: locale, url: baseURL ?? '' }]);
    await page.goto('/');
    await expect(page).toHaveTitle(`${texts.signIn} · Vendo`);

    await page.getByRole('link', { name: texts.link }).click();

    await expect(page).toHaveTitle(`${texts.machines} · Vendo`);
    await expect(page.getByRole('heading', { level: 1, name: texts.machines })).toBeFocused();
  });
}

/** Names in Chromium's accessibility tree, as a screen reader gets it (Playwright's role queries ignore inertness). */
async function accessibleNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.filter((node) => !node.ignored).map((node) => String(node.name?.value ?? ''));
}

/** A modal is a native <dialog> opened with showModal: the page behind is inert, for screen readers too (issue 15 point 27). */
for (const [locale, texts] of [
  ['es', { field: 'ID de la máquina', open: 'Abrir la máquina', dialog: 'Máquina no encontrada', close: 'Cerrar' }],
  ['en', { field: 'Machine ID', open: 'Open the machine', dialog: 'Machine not found', close: 'Close' }],
] as const) {
  test(`an open modal takes the page behind out of the accessibility tree and out of keyboard reach (${locale})`, {
    tag: '@every-phone',
  }, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'vendo.locale', value: locale, url: baseURL ?? '' }]);
    await page.goto('/machine-selection');
    await page.getByLabel(texts.field).fill('noexiste');
    const behind = page.getByRole('button', { name: texts.open });
    await behind.click();
    const dialog = page.getByRole('dialog', { name: texts.dialog });
    await expect(dialog).toBeVisible();

    expect(await dialog.evaluate((element) => element.matches('dialog:modal'))).toBe(true);
    const names = await accessibleNames(page);
    expect(names).toContain(texts.close);
    expect(names).not.toContain(texts.open);
    await behind.evaluate((element: HTMLElement) => element.focus());
    await expect(behind).not.toBeFocused();
    for (let press = 0; press < 3; press += 1) {
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: texts.close })).toBeFocused();
    }
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await accessibleNames(page)).toContain(texts.open);
  });
}

test('a dialog opened from inside another goes on top, takes Escape first and gives the focus back (issue 15 point 27)', {
  tag: '@every-phone',
}, async ({ page }) => {
  const signIn = new SignInPage(page);
  await page.goto('/demo');
  await page.getByRole('banner').getByRole('button', { name: 'Inicia sesión' }).click();
  const login = page.getByRole('dialog', { name: 'Inicia sesión' });
  await signIn.fill(freshPhone());
  await login.getByRole('button', { name: signIn.text.send }).click();
  const helpButton = page.getByRole('button', { name: '¿No te llegó el código?' });
  await helpButton.click();
  const help = page.getByRole('dialog', { name: '¿No te llegó el código?' });
  await expect(help).toBeVisible();

  expect(await help.evaluate((element) => element.matches('dialog:modal'))).toBe(true);
  expect(await accessibleNames(page)).not.toContain('Enviar un código nuevo');

  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Escribe tu código' })).toBeVisible();
  await expect(helpButton).toBeFocused();
  expect(await accessibleNames(page)).toContain('Enviar un código nuevo');
});
