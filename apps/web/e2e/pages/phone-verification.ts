import { expect, type Page } from '@playwright/test';

const texts = {
  es: {
    code: 'Código de verificación',
    heading: 'Escribe tu código',
    resend: 'Enviar un código nuevo',
    back: 'Cambiar número de teléfono',
    later: 'Más tarde',
  },
  en: {
    code: 'Verification code',
    heading: 'Enter your code',
    resend: 'Send a new code',
    back: 'Change phone number',
    later: 'Later',
  },
} as const;

/** Spec §2 `/phone-verification`: the 4-digit code, the resend countdown and the help modal. */
export class PhoneVerificationPage {
  readonly page: Page;
  readonly lang: 'es' | 'en';

  constructor(page: Page, lang: 'es' | 'en' = 'es') {
    this.page = page;
    this.lang = lang;
  }

  get text() {
    return texts[this.lang];
  }

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/phone-verification$/);
    await expect(this.page.getByRole('heading', { level: 1, name: this.text.heading })).toBeVisible();
  }

  code() {
    return this.page.getByLabel(this.text.code);
  }

  async type(code: string) {
    await this.code().fill(code);
  }

  resend() {
    return this.page.getByRole('button', { name: this.text.resend });
  }

  back() {
    return this.page.getByRole('button', { name: this.text.back });
  }

  async skipPrompt() {
    await this.page.getByRole('dialog').getByRole('button', { name: this.text.later }).last().click();
  }
}
