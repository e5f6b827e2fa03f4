import { describe, expect, it } from 'vitest';
import { acceptedLanguages, preferredLocale } from './i18n.ts';

describe("spec §1 with issue 19: the member's language", () => {
  it.each([
    ['en', ['es-MX'], 'en'],
    ['es', ['en-US'], 'es'],
  ] as const)("keeps the member's own choice (%s) over the browser's languages", (chosen, languages, locale) => {
    expect(preferredLocale(chosen, languages)).toBe(locale);
  });

  it.each([
    [['en-US', 'en'], 'en'],
    [['fr-FR', 'en-GB'], 'en'],
    [['es-MX'], 'es'],
    [['fr-FR', 'de'], 'es'],
    [[], 'es'],
  ] as const)('without a choice takes the first of %j that Vendo speaks, else Spanish', (languages, locale) => {
    expect(preferredLocale(null, languages)).toBe(locale);
  });

  it('ignores a stored value that is not a language of the app', () => {
    expect(preferredLocale('fr', ['en-US'])).toBe('en');
  });
});

describe('Accept-Language (RFC 9110 §12.5.4)', () => {
  it("orders languages by their weight, keeping the header's order among equals", () => {
    expect(acceptedLanguages('fr;q=0.5, en-US, es;q=0.9, de;q=0.9')).toEqual(['en-US', 'es', 'de', 'fr']);
  });

  it('leaves out languages refused with q=0', () => {
    expect(acceptedLanguages('en;q=0, es-MX;q=0.8')).toEqual(['es-MX']);
  });

  it('reads a missing or empty header as no preference', () => {
    expect(acceptedLanguages(null)).toEqual([]);
    expect(acceptedLanguages(' , ')).toEqual([]);
  });
});
