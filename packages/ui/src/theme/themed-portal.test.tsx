import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeRoot } from './theme-root.tsx';
import { ThemedPortal } from './themed-portal.tsx';

describe('ThemedPortal', () => {
  it('renders on document.body, outside the theme root', () => {
    render(
      <ThemeRoot theme="oceano">
        <p>Página</p>
        <ThemedPortal>
          <p>Diálogo</p>
        </ThemedPortal>
      </ThemeRoot>,
    );

    const root = screen.getByText('Página').closest('[data-theme]');
    expect(root).not.toContainElement(screen.getByText('Diálogo'));
  });

  it('carries the surrounding theme', () => {
    render(
      <ThemeRoot theme="atardecer">
        <ThemedPortal>
          <p>Diálogo</p>
        </ThemedPortal>
      </ThemeRoot>,
    );

    const layer = screen.getByText('Diálogo').closest<HTMLElement>('[data-theme]');
    expect(layer).toHaveAttribute('data-theme', 'atardecer');
  });

  it('sets no theme of its own outside a theme root', () => {
    render(
      <ThemedPortal>
        <p>Diálogo</p>
      </ThemedPortal>,
    );

    expect(screen.getByText('Diálogo').closest('[data-theme]')).toBeNull();
  });
});
