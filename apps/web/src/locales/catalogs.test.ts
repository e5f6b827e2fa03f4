import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** msgid → msgstr of a .po catalog (single-line entries, as lingui writes them). */
const catalogs = ['messages', 'signin', 'machines', 'deals', 'wallet', 'account'] as const;

function entries(locale: string, catalog: (typeof catalogs)[number]): Map<string, string> {
  const text = readFileSync(join(import.meta.dirname, locale, `${catalog}.po`), 'utf8');
  const found = new Map<string, string>();
  for (const [, id = '', translation = ''] of text.matchAll(
    /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm,
  )) {
    if (id) found.set(id, translation);
  }
  return found;
}

describe.each(catalogs)('every visible string is in Spanish and English (spec §1): %s', (catalog) => {
  it('has a Spanish translation for every message', () => {
    const missing = [...entries('es', catalog)].filter(([, translation]) => translation === '').map(([id]) => id);
    expect(missing).toEqual([]);
  });

  it('has the same messages in both languages', () => {
    expect([...entries('es', catalog).keys()].sort()).toEqual([...entries('en', catalog).keys()].sort());
  });

  it('keeps the placeholders of each message in its translation', () => {
    const broken = [...entries('es', catalog)].filter(([id, translation]) => {
      const placeholders = (text: string) => (text.match(/\{\w+\}|<\/?\d+>/g) ?? []).sort().join();
      return placeholders(id) !== placeholders(translation);
    });
    expect(broken).toEqual([]);
  });
});

describe('one name for one thing in each language (issue 15 point 16)', () => {
  it.each(['es', 'en'])('gives a message the same %s text in every catalog it appears in', (locale) => {
    const seen = new Map<string, Set<string>>();
    for (const catalog of catalogs) {
      for (const [id, translation] of entries(locale, catalog)) {
        if (translation) seen.set(id, (seen.get(id) ?? new Set()).add(translation));
      }
    }

    // "Other" is two meanings under one id (a gender, a product category): issue 15 point 7 parts them.
    const differing = [...seen]
      .filter(([id, translations]) => translations.size > 1 && id !== 'Other')
      .map(([id]) => id);

    expect(differing).toEqual([]);
  });

  it('asks for the year as AAAA on the Spanish card form, not YYYY', () => {
    expect(entries('es', 'wallet').get('YYYY')).toBe('AAAA');
  });
});
