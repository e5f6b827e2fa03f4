import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeRoot } from './theme-root.tsx';
import { type ThemeName, themes } from './themes.ts';

const themeNames = Object.keys(themes) as ThemeName[];

function themeOf(child: HTMLElement): HTMLElement {
  const root = child.closest<HTMLElement>('[data-theme]');
  if (!root) throw new Error('no theme root around the child');
  return root;
}

describe('ThemeRoot', () => {
  it('renders its children', () => {
    render(
      <ThemeRoot theme="vendo">
        <p>Hola</p>
      </ThemeRoot>,
    );

    expect(screen.getByText('Hola')).toBeInTheDocument();
  });

  it.each(themeNames)('names the %s theme in data-theme', (name) => {
    render(
      <ThemeRoot theme={name}>
        <p>Hola</p>
      </ThemeRoot>,
    );

    expect(themeOf(screen.getByText('Hola'))).toHaveAttribute('data-theme', name);
  });

  it('carries no palette inline: styles/themes.css draws the theme it names', () => {
    render(
      <ThemeRoot theme="oceano">
        <p>Hola</p>
      </ThemeRoot>,
    );

    expect(themeOf(screen.getByText('Hola')).getAttribute('style')).toBeNull();
  });

  it('keeps a caller class beside its own', () => {
    render(
      <ThemeRoot theme="oceano" className="app">
        <p>Hola</p>
      </ThemeRoot>,
    );

    expect(themeOf(screen.getByText('Hola'))).toHaveClass('app');
  });
});
