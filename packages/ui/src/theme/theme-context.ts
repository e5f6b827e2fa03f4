import { createContext } from 'react';
import type { ThemeName } from './themes.ts';

/**
 * The theme of the nearest ThemeRoot. Dialogs portal out of that root onto document.body, where
 * its custom properties no longer reach, so they read the theme here and set it again.
 */
export const ThemeContext = createContext<ThemeName | undefined>(undefined);
