import { expect, type Page } from '@playwright/test';

type Texts = { phone: string; privacy: RegExp; send: string; heading: string };

const texts: Record<'es' | 'en', Texts> = {
  es: {
    phone: 'Número de teléfono (10 dígitos)',
    privacy: /Acepto el/,
    send: 'Envíame un código',
    heading: 'Inicia sesión',
  },
  en: { phone: 'Phone number (10 digits)', privacy: /I accept the/, send: 'Send me a code', heading: 'Sign in' },
};

/** Spec §2 `/`: country code, phone, privacy checkbox. */
export class SignInPage {
  readonly page: Page;
  readonly lang: 'es' | 'en';

  constructor(page: Page, lang: 'es' | 'en' = 'es') {
    this.page = page;
    this.lang = lang;
  }

  get text() {
    return texts[this.lang];
  }

  async open() {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1, name: this.text.heading })).toBeVisible();
  }

  phone() {
    return this.page.getByLabel(this.text.phone);
  }

  async fill(phone: string, acceptPrivacy = true) {
    await this.phone().fill(phone);
    if (acceptPrivacy) await this.page.getByRole('checkbox', { name: this.text.privacy }).check();
  }

  async send() {
    await this.page.getByRole('button', { name: this.text.send }).click();
  }

  async switchToEnglish() {
    await this.page.getByRole('button', { name: 'English' }).click();
    await expect(this.page.locator('html')).toHaveAttribute('lang', 'en');
  }
}
