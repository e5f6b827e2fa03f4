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

/** React has taken the page's root: from then on its forms are the app's, never sent by the browser. */
export async function appRuns(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}

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

  /**
   * Opens `/`. The form works from its first paint (issue 31): before the app runs the browser sends it
   * to the server itself. Journeys about what the app does with it wait for the app to have taken the
   * page over (`untilTheAppRuns`), so a send never goes the browser's own way in them by chance.
   */
  async open({ untilTheAppRuns = true } = {}) {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1, name: this.text.heading })).toBeVisible();
    if (untilTheAppRuns) await appRuns(this.page);
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
