import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { enterAs } from './support/deals.ts';
import { completeMember } from './support/members.ts';

const words = {
  es: {
    other: 'Otro',
    otherAmount: 'Otro monto',
    pay: 'Pagar',
    confirm: 'Confirma tu recarga',
    done: 'Saldo recargado',
  },
  en: {
    other: 'Other',
    otherAmount: 'Other amount',
    pay: 'Pay',
    confirm: 'Confirm your top-up',
    done: 'Balance recharged',
  },
} as const;

/** The header's balance button on a machine's inventory (spec §2: tap to add funds). */
async function headerBalanceOn(page: Page, machine: string) {
  await page.goto(`/${machine}`);
  await page.waitForURL(/\/machine-inventory$/);
  return page.getByRole('banner').getByRole('button', { name: /^[¥$]/ });
}

test.describe('a balance per currency (issue 32 point 5)', () => {
  for (const locale of ['es', 'en'] as const) {
    test(`top up 2,000 yen at the yen machine: its header shows ¥ without decimals, the peso machine's still pesos, in ${locale}`, async ({
      page,
      request,
      baseURL,
    }) => {
      // Two machines and a card top-up: more steps than most journeys.
      test.slow();
      const said = words[locale];
      const member = await completeMember(request, 150);
      await enterAs(page, baseURL ?? '', member, locale);
      await expect(await headerBalanceOn(page, 'tokio')).toHaveText('¥0');

      await page.goto('/top-up');
      // The amounts offered start at the yen machine's minimum, 500.
      await expect(page.getByRole('radio', { name: '¥1,000' })).toBeChecked();
      for (const preset of ['¥500', '¥2,000']) await expect(page.getByRole('radio', { name: preset })).toBeVisible();
      await page.getByRole('radio', { name: said.other }).check();
      await page.getByLabel(said.otherAmount).fill('2000');
      await page.getByLabel('CVV').fill('123');
      await page.getByRole('button', { name: `${said.pay} ¥2,000` }).click();
      const confirm = page.getByRole('dialog', { name: said.confirm });
      await expect(confirm).toContainText('¥2,000 JPY');
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: `${said.pay} ¥2,000` }).click();
      await expect(page.getByRole('dialog', { name: said.done })).toContainText('¥2,000');
      await expectNoAxeViolations(page);

      await expect(await headerBalanceOn(page, 'tokio')).toHaveText('¥2,000');
      await expectNoAxeViolations(page);
      await expect(await headerBalanceOn(page, 'demo')).toHaveText('$150.00');
      const answer = await request.get(`/api/community_members/${member.id}/balances`, {
        headers: { Authorization: `Token token=${member.token}` },
      });
      expect(((await answer.json()) as { balances: unknown[] }).balances).toEqual([
        { amount: 150, currency: 'MXN' },
        { amount: 2000, currency: 'JPY' },
      ]);
    });
  }
});
