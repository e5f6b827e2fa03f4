import { type ThemeName, themes, themeVariables } from './themes.ts';

/**
 * The three brands as CSS, written from themes.ts (the palettes' one home, whose contrasts themes.test.ts
 * checks): a theme is chosen by `data-theme`, so no palette travels in the app's JavaScript.
 */
export function themesCss(): string {
  const blocks = (Object.keys(themes) as ThemeName[]).map((name) => {
    const declarations = Object.entries(themeVariables(name)).map(([property, value]) => `  ${property}: ${value};`);
    return `[data-theme="${name}"] {\n${declarations.join('\n')}\n}\n`;
  });
  return [
    '/* Written from theme/themes.ts by `npx -y pnpm@12.21.0 --filter @vendo/ui themes:css`; themes-css.test.ts',
    '   fails while the two differ. The palettes, not the rules, so the "no colour of its own" check skips it. */',
    '',
    blocks.join('\n'),
  ].join('\n');
}
