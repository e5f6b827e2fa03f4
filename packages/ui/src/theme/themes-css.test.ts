import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themes } from './themes.ts';
import { themesCss } from './themes-css.ts';

describe('styles/themes.css (spec §9 brand themes)', () => {
  it('is what themes.ts says, so the palettes have one home', () => {
    const written = readFileSync(join(import.meta.dirname, '..', 'styles', 'themes.css'), 'utf8');

    expect(written).toBe(themesCss());
  });

  it('draws each theme under its data-theme', () => {
    expect(themesCss()).toContain(`[data-theme="oceano"] {\n  --vendo-color-primary: ${themes.oceano.primary};`);
  });
});
