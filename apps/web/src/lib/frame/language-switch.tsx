import { useLingui } from '@lingui/react';
import { Button } from '@vendo/ui';
import { type AppLocale, chooseLocale } from '../i18n/i18n.ts';
import { usePlatform } from '../platform/platform.tsx';

/** Each language named in itself, so a member who reads only one finds it. */
const names: Record<AppLocale, string> = { es: 'Español', en: 'English' };

/** Spec §2 language switch: offers the other language and keeps the member's choice. */
export function LanguageSwitch() {
  const { storage } = usePlatform();
  const { i18n } = useLingui();
  const other: AppLocale = i18n.locale === 'en' ? 'es' : 'en';
  return (
    <Button variant="secondary" width="full" lang={other} onClick={() => void chooseLocale(storage, other)}>
      {names[other]}
    </Button>
  );
}
