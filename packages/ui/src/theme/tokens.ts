/** Spec §9: font sizes from xs 0.8rem to xl 1.5rem, shared by the three brand themes. */
export const fontSizes = {
  xs: '0.8rem',
  sm: '0.9rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '1.5rem',
} as const;

/** Spec §9: the three button widths. */
export const buttonWidths = {
  sm: '8rem',
  md: '12.5rem',
  lg: '16.5rem',
} as const;

export type FontSize = keyof typeof fontSizes;
export type ButtonWidth = keyof typeof buttonWidths;
