import type { Page } from '@playwright/test';

/** The top-up screen's words a store reference is asked for with, in the journey's language. */
export interface ReferenceTexts {
  /** The payment mode's radio, e.g. "Referencia de pago". */
  readonly mode: string;
  /** The button that asks for one, e.g. "Obtener referencia por $100.00" (also the confirmation's). */
  readonly get: string;
  /** The confirmation's title, and the title of the modal that gives the reference. */
  readonly confirm: string;
  readonly issued: string;
  readonly close: string;
}

/** Asks for a $100 store reference on the top-up screen and closes its modal: the number it gave, grouped in fours. */
export async function askStoreReference(page: Page, text: ReferenceTexts): Promise<string> {
  await page.goto('/top-up');
  await page.getByRole('radio', { name: text.mode }).check();
  await page.getByRole('button', { name: text.get }).click();
  await page.getByRole('dialog', { name: text.confirm }).getByRole('button', { name: text.get }).click();
  const issued = page.getByRole('dialog', { name: text.issued });
  const number = ((await issued.textContent()) ?? '').match(/\d{4} \d{4} \d{4} \d{4}/)?.[0];
  if (!number) throw new Error('no reference number on the modal');
  await issued.getByRole('button', { name: text.close }).first().click();
  return number;
}
