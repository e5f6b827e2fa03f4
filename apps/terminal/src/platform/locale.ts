import type { Locale } from '@vendo/core';

/**
 * The language of the terminal's texts, as POSIX programs choose theirs: LC_ALL over LC_MESSAGES over
 * LANG, the first one set. English when it names English (`en_US.UTF-8`, `en`); Spanish otherwise,
 * as the storefront is Spanish by default (spec §1), `C` and `POSIX` included.
 */
export function localeFrom(env: NodeJS.ProcessEnv): Locale {
  const setting = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '') ?? '';
  return setting.toLowerCase().startsWith('en') ? 'en' : 'es';
}
