import { buttonWidths, fontSizes } from './tokens.ts';

/** One brand's colours. Every pair the stylesheet draws on each other is checked in themes.test.ts. */
export interface Palette {
  primary: string;
  onPrimary: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  muted: string;
  border: string;
  error: string;
  success: string;
  focus: string;
}

const vendo: Palette = {
  primary: '#0b6e4f',
  onPrimary: '#ffffff',
  surface: '#ffffff',
  surfaceAlt: '#eef4f1',
  text: '#17201c',
  muted: '#51605a',
  border: '#c9d6d0',
  error: '#b3261e',
  success: '#1b6b38',
  focus: '#1d4ed8',
};

const oceano: Palette = {
  primary: '#0b4f8a',
  onPrimary: '#ffffff',
  surface: '#f7fbff',
  surfaceAlt: '#e3eef9',
  text: '#0d1b2a',
  muted: '#45596d',
  border: '#b8cce0',
  error: '#b42318',
  success: '#146c43',
  focus: '#b45309',
};

const atardecer: Palette = {
  primary: '#a33b0c',
  onPrimary: '#ffffff',
  surface: '#fff8f1',
  surfaceAlt: '#fbe9da',
  text: '#2b1a12',
  muted: '#694c3c',
  border: '#e5c8b0',
  error: '#a3161a',
  success: '#2e6b30',
  focus: '#5b21b6',
};

/** Spec §9: the three brand themes. */
export const themes = { vendo, oceano, atardecer } as const;

export type ThemeName = keyof typeof themes;

/** `surfaceAlt` → `surface-alt`, so the custom properties read like CSS. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The CSS custom properties styles.css reads: colours, font sizes and button widths of one theme. */
export function themeVariables(name: ThemeName): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [role, colour] of Object.entries(themes[name])) {
    variables[`--vendo-color-${kebab(role)}`] = colour;
  }
  for (const [size, value] of Object.entries(fontSizes)) {
    variables[`--vendo-font-${size}`] = value;
  }
  for (const [width, value] of Object.entries(buttonWidths)) {
    variables[`--vendo-button-${width}`] = value;
  }
  return variables;
}
