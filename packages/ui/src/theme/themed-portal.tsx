import { type CSSProperties, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { ThemeContext } from './theme-context.ts';
import { themeVariables } from './themes.ts';

/**
 * Renders on document.body (above every stacking context of the page) in a layer that carries the
 * surrounding ThemeRoot's theme, which the portal would otherwise leave behind.
 */
export function ThemedPortal({ children }: { children: ReactNode }) {
  const theme = useContext(ThemeContext);
  const style = theme ? (themeVariables(theme) as CSSProperties) : undefined;
  return createPortal(
    <div className="vendo-theme-layer" data-theme={theme} style={style}>
      {children}
    </div>,
    document.body,
  );
}
