import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { enterAs } from './support/deals.ts';
import { linkIn, mailTo } from './support/mail.ts';
import { completeMember } from './support/members.ts';

// Issue 35 point 4: the confirmation e-mail is sent for real (the dev outbox stands for the inbox), and its
// link confirms the address.
const texts = {
  es: {
    confirmed: 'Tu correo está confirmado.',
    account: 'Ir a mi cuenta',
    state: '(confirmado)',
    used: /ya no confirma/,
  },
  en: {
    confirmed: 'Your email is confirmed.',
    account: 'Go to my account',
    state: '(confirmed)',
    used: /no longer confirms/,
  },
} as const;

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: the link of the confirmation e-mail confirms the address, once, and the profile says so`, async ({
    page,
    request,
    baseURL,
  }) => {
    // Saving the profile's e-mail (completeMember does) sends the confirmation.
    const member = await completeMember(request);
    const address = `e2e${member.phone}@vendo.mx`;
    const [mail] = await mailTo(request, address);
    expect(mail?.kind).toBe('email_confirmation');
    expect(mail?.html).toContain('/confirm-email?token=');
    await enterAs(page, baseURL ?? '', member, locale);

    await page.goto(linkIn(mail ?? { kind: '', subject: '', text: '', html: '' }, '/confirm-email'));

    await expect(page.getByText(text.confirmed)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text.account }).click();
    await expect(page.getByText(`${address} ${text.state}`)).toBeVisible();
    await page.goBack();
    await page.reload();
    await expect(page.getByText(text.used)).toBeVisible();
  });
}
