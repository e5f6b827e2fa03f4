import { useLingui } from '@lingui/react';
import { Button } from '@vendo/ui';
import type { FormEvent } from 'react';
import { type AppLocale, chooseLocale } from '../i18n/i18n.ts';
import { href } from '../paths.ts';
import { usePlatform } from '../platform/platform.tsx';

/** Each language named in itself, so a member who reads only one finds it. */
const names: Record<AppLocale, string> = { es: 'Español', en: 'English' };

/**
 * Spec §2 language switch: offers the other language and keeps the member's choice. A form, so that on a
 * server-drawn `/` it works before the app has taken the page over (issue 31): the browser sends it
 * itself and the server keeps the choice (sent-forms.ts); once the app runs, the app switches in place.
 */
export function LanguageSwitch() {
  const { storage } = usePlatform();
  const { i18n } = useLingui();
  const other: AppLocale = i18n.locale === 'en' ? 'es' : 'en';
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void chooseLocale(storage, other);
  };
  return (
    <form method="post" action={href('signIn')} onSubmit={choose}>
      <Button type="submit" name="locale" value={other} variant="secondary" width="full" lang={other}>
        {names[other]}
      </Button>
    </form>
  );
}
