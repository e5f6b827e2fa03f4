import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { type Palette, type ThemeName, themes, themeVariables } from './themes.ts';

const themeNames = Object.keys(themes) as ThemeName[];

/** Text (and icons) the stylesheet puts on a background: WCAG AA for normal text, 4.5:1. */
const textPairs: [foreground: keyof Palette, background: keyof Palette][] = [
  ['text', 'surface'],
  ['onPrimary', 'primary'],
  ['text', 'surfaceAlt'],
  ['muted', 'surface'],
  ['muted', 'surfaceAlt'],
  ['primary', 'surface'],
  ['primary', 'surfaceAlt'],
  ['error', 'surface'],
  ['success', 'surface'],
  ['onPrimary', 'error'],
  ['surface', 'text'],
];

describe('spec §9 brand themes', () => {
  it('offers exactly three themes', () => {
    expect(themeNames).toEqual(['vendo', 'oceano', 'atardecer']);
  });

  describe.each(themeNames)('%s', (name) => {
    const palette = themes[name];

    it.each(textPairs)('draws %s on %s at 4.5:1 or more (WCAG AA)', (foreground, background) => {
      expect(contrastRatio(palette[foreground], palette[background])).toBeGreaterThanOrEqual(4.5);
    });

    // WCAG 1.4.11: a focus ring is a non-text indicator, 3:1 against what surrounds it.
    it.each(['surface', 'surfaceAlt'] as const)('draws the focus ring on %s at 3:1 or more', (background) => {
      expect(contrastRatio(palette.focus, palette[background])).toBeGreaterThanOrEqual(3);
    });
  });
});

describe('themeVariables', () => {
  it('names every palette colour as a kebab-case custom property', () => {
    expect(themeVariables('oceano')).toMatchObject({
      '--vendo-color-primary': themes.oceano.primary,
      '--vendo-color-on-primary': themes.oceano.onPrimary,
      '--vendo-color-surface-alt': themes.oceano.surfaceAlt,
      '--vendo-color-focus': themes.oceano.focus,
    });
  });

  it('carries the font sizes xs to xl', () => {
    expect(themeVariables('vendo')).toMatchObject({ '--vendo-font-xs': '0.8rem', '--vendo-font-xl': '1.5rem' });
  });

  it('carries the three button widths', () => {
    expect(themeVariables('atardecer')).toMatchObject({
      '--vendo-button-sm': '8rem',
      '--vendo-button-md': '12.5rem',
      '--vendo-button-lg': '16.5rem',
    });
  });

  it('holds ten colours, five font sizes and three widths', () => {
    expect(Object.keys(themeVariables('vendo'))).toHaveLength(18);
  });
});
