import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** msgid → msgstr of a .po catalog (single-line entries, as lingui writes them). */
function entries(locale: string): Map<string, string> {
  const text = readFileSync(join(import.meta.dirname, locale, 'messages.po'), 'utf8');
  const found = new Map<string, string>();
  for (const [, id = '', translation = ''] of text.matchAll(
    /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm,
  )) {
    if (id) found.set(id, translation);
  }
  return found;
}

describe('every visible string is in Spanish and English (spec §1)', () => {
  it('has a Spanish translation for every message', () => {
    const missing = [...entries('es')].filter(([, translation]) => translation === '').map(([id]) => id);
    expect(missing).toEqual([]);
  });

  it('has the same messages in both catalogs', () => {
    expect([...entries('es').keys()].sort()).toEqual([...entries('en').keys()].sort());
  });

  it('keeps the placeholders of each message in its translation', () => {
    const broken = [...entries('es')].filter(([id, translation]) => {
      const placeholders = (text: string) => (text.match(/\{\w+\}|<\/?\d+>/g) ?? []).sort().join();
      return placeholders(id) !== placeholders(translation);
    });
    expect(broken).toEqual([]);
  });
});
