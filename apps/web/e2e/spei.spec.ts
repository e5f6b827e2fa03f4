import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, enterAs } from './support/deals.ts';
import { completeMember, devControl } from './support/members.ts';

// Issue 37 point 2: a member gets a CLABE of their own; a transfer to it from any bank credits the balance,
// and the history names it by its tracking key.
const texts = {
  es: {
    section: 'Transferencia desde tu banco (SPEI)',
    get: 'Obtener mi CLABE',
    clabe: /^Tu CLABE999 180 \d{11} \d/,
    cap: /hasta \$2,000\.00 al día/,
    mode: 'Transferencia SPEI',
    tracking: (key: string) => `Clave de rastreo ${key}`,
  },
  en: {
    section: 'Transfer from your bank (SPEI)',
    get: 'Get my CLABE',
    clabe: /^Your CLABE999 180 \d{11} \d/,
    cap: /up to \$2,000\.00 a day/,
    mode: 'SPEI transfer',
    tracking: (key: string) => `Tracking key ${key}`,
  },
} as const;

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a member gets a CLABE, a SPEI transfer to it credits the balance, and the history names it`, async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await completeMember(request);
    await enterAs(page, baseURL ?? '', member, locale);
    await page.goto('/top-up');
    const spei = page.getByRole('region', { name: text.section });

    await spei.getByRole('button', { name: text.get }).click();

    await expect(spei.getByText(text.clabe)).toBeVisible();
    await expect(spei.getByText(text.cap)).toBeVisible();
    await expectNoAxeViolations(page);

    const trackingKey = `E2E${Date.now()}${locale.toUpperCase()}`;
    const sent = await request.post(devControl('/spei/deposits'), {
      data: { member_id: member.id, amount: 250.5, tracking_key: trackingKey },
    });
    expect(sent.ok()).toBe(true);
    expect(await balanceOf(request, member)).toBe(250.5);

    await page.goto('/history');
    await expect(page.getByText(text.mode).first()).toBeVisible();
    await expect(page.getByText(text.tracking(trackingKey))).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
