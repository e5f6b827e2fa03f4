import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Off in the replica run (playwright.replicas.config.ts): what a page shows does not depend on which
 * replica answered, and the journeys' own run scans every page once.
 */
const scanning = process.env.E2E_AXE_SCANS !== 'off';

/** An axe scan of what the page shows now (WCAG 2.1 A and AA): zero violations. */
export async function expectNoAxeViolations(page: Page) {
  if (!scanning) return;
  // Once running animations end (a spinner's never does): halfway through a dialog's fade-in, axe blends its
  // colours with the page behind and finds contrast the member never sees once the dialog stands still.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}
