import { readFileSync } from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { buy, newMemberIn, productId, script } from '../support/deals.ts';

/** The replicas behind the load balancer, as serve-replicas.ts named them. */
function replicaPids(): number[] {
  const file = process.env.E2E_REPLICAS_STATE;
  if (!file) throw new Error('E2E_REPLICAS_STATE is not set: run with playwright.replicas.config.ts');
  return (JSON.parse(readFileSync(file, 'utf8')) as { pids: number[] }).pids;
}

test.describe('a replica dies under a member (issue 16 point 3)', () => {
  test('killed in the middle of a deal and a card link, both screens still reach their end through the other', async ({
    page: buyer,
    browser,
    request,
    baseURL,
  }) => {
    // A second member on a phone of their own.
    const linker = await (await browser.newContext({ ...devices['Pixel 7'], baseURL })).newPage();
    const dealMember = await newMemberIn(buyer, request, baseURL, 100);
    const linkMember = await newMemberIn(linker, request, baseURL);
    await script(request, 'demo', dealMember, {
      deal_statuses: [
        { status: 2, after_ms: 4_000 },
        { status: 0, after_ms: 4_000 },
      ],
    });
    const linkScript = await request.post('/__dev/machines/rfid/script', {
      data: {
        member_id: linkMember.id,
        card_link_statuses: [
          { status: 'waiting', after_ms: 300 },
          { status: 'authenticated', after_ms: 4_000 },
          { status: 'linked', after_ms: 4_000 },
        ],
      },
    });
    expect(linkScript.ok()).toBe(true);
    await buy(buyer, 'demo', await productId(request, 'demo', 'Agua natural 600 ml'));
    await expect(buyer).toHaveURL(/\/connecting$/);
    await linker.goto('/rfid');
    await linker.waitForURL(/\/machine-inventory$/);
    await linker.goto('/add-rfid-card-page');
    await linker.getByRole('button', { name: 'Comenzar' }).click();
    await expect(linker).toHaveURL(/\/authenticate-user-rfid-page$/);

    process.kill(replicaPids()[0] ?? 0, 'SIGKILL');

    await expect(buyer).toHaveURL(/\/download$/, { timeout: 20_000 });
    await expect(buyer.getByRole('heading', { name: '¡Disfruta tu compra!' })).toBeVisible();
    await expect(linker).toHaveURL(/\/card-link-successful-page$/, { timeout: 20_000 });
    await expect(linker.getByRole('heading', { name: 'Tarjeta vinculada con éxito' })).toBeVisible();
  });
});
