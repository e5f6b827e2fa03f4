import type { CSSProperties, ReactNode } from 'react';
import { ThemeContext } from './theme-context.ts';
import { type ThemeName, themeVariables } from './themes.ts';

export interface ThemeRootProps {
  theme: ThemeName;
  children: ReactNode;
  className?: string;
}

/** Puts one brand theme's custom properties on a wrapper, so everything inside draws in that brand. */
export function ThemeRoot({ theme, children, className }: ThemeRootProps) {
  // React passes `--*` keys through as custom properties; CSSProperties just does not type them.
  const style = themeVariables(theme) as CSSProperties;
  return (
    <ThemeContext value={theme}>
      <div data-theme={theme} className={className ? `vendo-theme ${className}` : 'vendo-theme'} style={style}>
        {children}
      </div>
    </ThemeContext>
  );
}
