import { useLingui } from '@lingui/react';
import { Button } from '@vendo/ui';
import { useHydrated } from '../hydration.ts';
import { type AppLocale, chooseLocale } from '../i18n/i18n.ts';
import { usePlatform } from '../platform/platform.tsx';

/** Each language named in itself, so a member who reads only one finds it. */
const names: Record<AppLocale, string> = { es: 'Español', en: 'English' };

/** Spec §2 language switch: offers the other language and keeps the member's choice. */
export function LanguageSwitch() {
  const { storage } = usePlatform();
  const { i18n } = useLingui();
  const other: AppLocale = i18n.locale === 'en' ? 'es' : 'en';
  // On a server-rendered page the switch works once the page has hydrated.
  const hydrated = useHydrated();
  return (
    <Button
      variant="secondary"
      width="full"
      lang={other}
      disabled={!hydrated}
      onClick={() => void chooseLocale(storage, other)}
    >
      {names[other]}
    </Button>
  );
}
