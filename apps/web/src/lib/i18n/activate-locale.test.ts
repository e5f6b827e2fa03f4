import { describe, expect, it, vi } from 'vitest';
import { type Catalog, i18n, startLocale, textsOf } from './i18n.ts';

/** A catalog whose every language answers with one message naming that language. */
function catalogOf(id: string) {
  const asked: string[] = [];
  const catalog: Catalog = {
    es: vi.fn(async () => {
      asked.push('es');
      return { messages: { [id]: 'es' } };
    }),
    en: vi.fn(async () => {
      asked.push('en');
      return { messages: { [id]: 'en' } };
    }),
  };
  return { catalog, asked };
}

describe('issue 19: a screen preloaded while the first language loads', () => {
  it('loads its texts in the language being activated, never in the one before', async () => {
    const shell = catalogOf('shell');
    const screen = catalogOf('screen');

    const started = startLocale('en', [shell.catalog]);
    await textsOf(screen.catalog)();
    await started;

    expect(screen.asked).not.toContain('es');
    expect(i18n.locale).toBe('en');
    expect(i18n._('screen')).toBe('en');
  });
});
