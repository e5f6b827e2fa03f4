import type { ReactNode } from 'react';
import { ThemeContext } from './theme-context.ts';
import type { ThemeName } from './themes.ts';

export interface ThemeRootProps {
  theme: ThemeName;
  children: ReactNode;
  className?: string;
}

/** Names one brand theme on a wrapper (styles/themes.css sets its custom properties), so everything inside draws in that brand. */
export function ThemeRoot({ theme, children, className }: ThemeRootProps) {
  return (
    <ThemeContext value={theme}>
      <div data-theme={theme} className={className ? `vendo-theme ${className}` : 'vendo-theme'}>
        {children}
      </div>
    </ThemeContext>
  );
}
