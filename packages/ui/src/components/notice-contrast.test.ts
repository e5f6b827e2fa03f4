import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../theme/contrast.ts';
import { type ThemeName, themes, themeVariables } from '../theme/themes.ts';

const css = readFileSync(join(import.meta.dirname, '..', 'styles', 'feedback.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** The declarations of one rule, by its exact selector. */
function rule(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    body
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter(([name, value]) => name && value),
  );
}

/** A colour as the theme draws it: a theme variable resolved, a literal as written. */
const resolve = (theme: ThemeName, value: string) =>
  value.replace(/^var\((--[\w-]+)\)$/, (_, name: string) => themeVariables(theme)[name] ?? value);

/** What a browser draws a link in when the stylesheet says nothing. */
const browserLinkBlue = '#0000ee';

describe('a link in a notice reads at 4.5:1 in every theme (issue 15 point 18, WCAG 1.4.3)', () => {
  const tones = ['info', 'warning', 'error'] as const;
  const cases = (Object.keys(themes) as ThemeName[]).flatMap((theme) => tones.map((tone) => [theme, tone] as const));

  it.each(cases)('%s, %s notice', (theme, tone) => {
    const notice = rule(`.vendo-notice--${tone}`);
    const link = rule('.vendo-notice a').color;
    const linkColour = link === 'inherit' ? notice.color : (link ?? browserLinkBlue);

    const ratio = contrastRatio(resolve(theme, linkColour ?? ''), resolve(theme, notice.background ?? ''));

    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
