import { type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { ThemeContext } from './theme-context.ts';

/**
 * Renders on document.body (above every stacking context of the page) in a layer that carries the
 * surrounding ThemeRoot's theme, which the portal would otherwise leave behind.
 */
export function ThemedPortal({ children }: { children: ReactNode }) {
  const theme = useContext(ThemeContext);
  return createPortal(
    <div className="vendo-theme-layer" data-theme={theme}>
      {children}
    </div>,
    document.body,
  );
}
