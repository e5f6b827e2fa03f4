import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** An axe scan of what the page shows now (WCAG 2.1 A and AA): zero violations. */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}
