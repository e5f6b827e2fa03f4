import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeVariables } from './theme/themes.ts';

const stylesFolder = join(import.meta.dirname, 'styles');
const partNames = readdirSync(stylesFolder).filter((name) => name.endsWith('.css'));
const entry = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');
const parts = partNames.map((name) => [name, readFileSync(join(stylesFolder, name), 'utf8')] as const);
const allCss = parts.map(([, css]) => css).join('\n');

/** Comments may name colours or sizes in prose; only rules count. */
function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

describe('styles.css', () => {
  it('imports every part under styles/', () => {
    const imported = [...entry.matchAll(/@import "\.\/styles\/([\w-]+\.css)";/g)].map((match) => match[1]);

    expect(imported.sort()).toEqual([...partNames].sort());
  });

  it.each(parts)('%s reads only custom properties the themes define', (_name, css) => {
    const defined = Object.keys(themeVariables('vendo'));
    const used = [...withoutComments(css).matchAll(/var\((--[\w-]+)\)/g)].map((match) => match[1]);

    expect(used.filter((name) => !defined.includes(name as string))).toEqual([]);
  });

  // themes.css is the palettes themselves, written from theme/themes.ts (themes-css.test.ts).
  it.each(parts.filter(([name]) => name !== 'themes.css'))('%s writes no colour of its own', (_name, css) => {
    const literalColours = withoutComments(css).match(/#[0-9a-f]{3,8}\b|\b(?:rgb|rgba|hsl|hsla|oklch)\(/gi) ?? [];

    expect(literalColours).toEqual([]);
  });

  it('prefixes every class with vendo-', () => {
    const classes = [...withoutComments(allCss).matchAll(/\.(-?[a-z_][\w-]*)/gi)]
      .map((match) => match[1] as string)
      // Decimal numbers such as 0.5rem look like classes to the pattern above.
      .filter((name) => !/^\d/.test(name));

    expect(classes.filter((name) => !name.startsWith('vendo-'))).toEqual([]);
  });

  it('styles every class the components and theme put on elements', () => {
    const sources = ['components', 'theme'].flatMap((folder) =>
      readdirSync(join(import.meta.dirname, folder))
        .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
        .map((name) => readFileSync(join(import.meta.dirname, folder, name), 'utf8')),
    );
    // Template-built modifiers (vendo-button--${variant}) end in "-"; their full names are styled one by one.
    const used = new Set(sources.flatMap((source) => source.match(/vendo-[\w-]*\w/g) ?? []));
    const styled = new Set(withoutComments(allCss).match(/(?<=\.)vendo-[\w-]*\w/g));

    expect([...used].filter((name) => !styled.has(name))).toEqual([]);
  });

  it('respects reduced motion', () => {
    expect(allCss).toContain('@media (prefers-reduced-motion: reduce)');
  });
});
