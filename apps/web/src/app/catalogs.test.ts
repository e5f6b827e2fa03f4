import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');

/** Every catalog of the app, named by its folder (lingui.config.ts: `app` and each feature have one). */
const catalogsIn = (locale: string) =>
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(join('locales', `${locale}.po`)))
    .map((file) => dirname(dirname(file)))
    .sort();

const catalogs = catalogsIn('es');

const catalogFile = (locale: string, catalog: string) => join(src, catalog, 'locales', `${locale}.po`);

/** msgid → msgstr of a .po catalog (single-line entries, as lingui writes them). */
function entries(locale: string, catalog: string): Map<string, string> {
  const text = readFileSync(catalogFile(locale, catalog), 'utf8');
  const found = new Map<string, string>();
  for (const [, id = '', translation = ''] of text.matchAll(
    /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm,
  )) {
    if (id) found.set(id, translation);
  }
  return found;
}

describe('the catalogs follow the folders', () => {
  it('finds a catalog for the app and for every feature, each in both languages', () => {
    const features = readdirSync(join(src, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join('features', entry.name));
    // The sign-in's code step has one of its own (lingui.config.ts): `/`'s first load carries none of it.
    expect(catalogs).toEqual(['app', ...features, join('features', 'sign-in', 'code')].sort());
    expect(catalogsIn('en')).toEqual(catalogs);
  });
});

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

/** Every Spanish entry of every catalog: its context, its English id, its translation and where it is. */
function spanishEntries() {
  return catalogs.flatMap((catalog) => {
    const text = readFileSync(catalogFile('es', catalog), 'utf8');
    return [
      ...text.matchAll(/^(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm),
    ].map(([, context = '', id = '', translation = '']) => ({ catalog, context, id, translation }));
  });
}

describe('one text, one meaning (issue 15 point 7: the gender "Otro" showed as the category "Varios")', () => {
  it('gives an id the same Spanish text wherever it is used: two meanings need two contexts', () => {
    // At run time an id (with its context) has one translation, whichever catalog loaded last.
    const entries = spanishEntries();
    const byKey = new Map<string, typeof entries>();
    for (const entry of entries) {
      const key = `${entry.context}\u0004${entry.id}`;
      byKey.set(key, [...(byKey.get(key) ?? []), entry]);
    }
    const clashes = [...byKey.values()]
      .filter((uses) => new Set(uses.map((use) => use.translation)).size > 1)
      .map((uses) => uses.map((use) => `${use.catalog}: ${use.id} → ${use.translation}`).join(' | '));
    expect(clashes).toEqual([]);
  });
});

describe('one name for one thing in each language (issue 15 point 16)', () => {
  it('asks for the year as AAAA on the Spanish card form, not YYYY', () => {
    expect(entries('es', 'features/wallet').get('YYYY')).toBe('AAAA');
  });
});
