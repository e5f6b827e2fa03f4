import type { Page } from '@playwright/test';

/** Keeps the system notifications the page raises, where the member allowed them, for the journey to read. */
export async function recordNotifications(page: Page) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownNotifications: shown });
    ServiceWorkerRegistration.prototype.showNotification = async (title: string, options?: NotificationOptions) => {
      shown.push(`${title}: ${options?.body}`);
    };
  });
}

/** What the page raised since it loaded ("title: body" each). */
export const shownNotifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications?: string[] }).shownNotifications);
