import { describe, expect, it } from 'vitest';
import { localeFrom } from './locale.ts';

describe('the language from the locale (spec §1: Spanish by default, English on request)', () => {
  it.each([
    [{}, 'es'],
    [{ LANG: 'es_MX.UTF-8' }, 'es'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'en' }, 'en'],
    [{ LANG: 'EN_GB' }, 'en'],
    [{ LANG: 'C.UTF-8' }, 'es'],
    [{ LANG: 'POSIX' }, 'es'],
    [{ LANG: 'fr_FR.UTF-8' }, 'es'],
    // LC_ALL over LC_MESSAGES over LANG, as every POSIX program reads them.
    [{ LC_ALL: 'en_US.UTF-8', LC_MESSAGES: 'es_MX.UTF-8', LANG: 'es_MX.UTF-8' }, 'en'],
    [{ LC_ALL: 'es_MX.UTF-8', LANG: 'en_US.UTF-8' }, 'es'],
    [{ LC_MESSAGES: 'en_US.UTF-8', LANG: 'es_MX.UTF-8' }, 'en'],
    [{ LC_MESSAGES: 'es_MX.UTF-8', LANG: 'en_US.UTF-8' }, 'es'],
    // An empty variable counts as unset.
    [{ LC_ALL: '', LANG: 'en_US.UTF-8' }, 'en'],
  ])('%o → %s', (env, locale) => {
    expect(localeFrom(env)).toBe(locale);
  });
});
