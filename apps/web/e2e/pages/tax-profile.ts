import { expect, type Locator, type Page } from '@playwright/test';

const texts = {
  es: {
    heading: 'Datos de facturación',
    rfc: 'RFC',
    name: 'Nombre o razón social',
    postalCode: 'Código postal de tu domicilio fiscal',
    regime: 'Régimen fiscal',
    use: 'Uso del CFDI',
    save: 'Guardar',
  },
  en: {
    heading: 'Tax details',
    rfc: 'RFC',
    name: 'Name or company name',
    postalCode: 'Postal code of your tax address',
    regime: 'Tax regime',
    use: 'CFDI use',
    save: 'Save',
  },
} as const;

export interface TaxDetails {
  readonly rfc: string;
  readonly name: string;
  readonly postalCode: string;
  readonly regime: string;
  readonly use: string;
}

/** Issue 37 point 3 `/tax-profile`: "Datos de facturación", typed at a person's pace. */
export class TaxProfilePage {
  readonly page: Page;
  readonly lang: 'es' | 'en';

  constructor(page: Page, lang: 'es' | 'en') {
    this.page = page;
    this.lang = lang;
  }

  get text() {
    return texts[this.lang];
  }

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/tax-profile/);
    await expect(this.page.getByRole('heading', { level: 1, name: this.text.heading })).toBeVisible();
  }

  rfc(): Locator {
    return this.page.getByLabel(this.text.rfc, { exact: true });
  }

  name(): Locator {
    return this.page.getByLabel(this.text.name);
  }

  /** Clears a field and types into it key by key, as a member would. */
  async type(field: Locator, value: string) {
    await field.fill('');
    await field.pressSequentially(value, { delay: 40 });
  }

  async fill(details: TaxDetails) {
    await this.type(this.rfc(), details.rfc);
    await this.type(this.name(), details.name);
    await this.type(this.page.getByLabel(this.text.postalCode), details.postalCode);
    await this.page.getByLabel(this.text.regime).selectOption(details.regime);
    await this.page.getByLabel(this.text.use).selectOption(details.use);
  }

  async save() {
    await this.page.getByRole('button', { name: this.text.save }).click();
  }
}
