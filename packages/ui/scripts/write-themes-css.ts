// Writes src/styles/themes.css from src/theme/themes.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { themesCss } from '../src/theme/themes-css.ts';

const themesCssPath = join(import.meta.dirname, '..', 'src', 'styles', 'themes.css');

writeFileSync(themesCssPath, themesCss());
console.log(`wrote ${themesCssPath}`);
