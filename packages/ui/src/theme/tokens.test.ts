import { describe, expect, it } from 'vitest';
import { buttonWidths, fontSizes } from './tokens.ts';

describe('spec §9 brand theme constants', () => {
  it('runs font sizes from xs 0.8rem to xl 1.5rem', () => {
    expect(fontSizes.xs).toBe('0.8rem');
    expect(fontSizes.xl).toBe('1.5rem');
  });

  it('offers the button widths 8, 12.5 and 16.5rem', () => {
    expect(Object.values(buttonWidths)).toEqual(['8rem', '12.5rem', '16.5rem']);
  });
});
