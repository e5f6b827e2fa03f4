import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CategorySection } from './category-section.tsx';

describe('CategorySection', () => {
  it('is a region named by its title', () => {
    render(
      <CategorySection title="Bebidas">
        <p>Agua</p>
      </CategorySection>,
    );

    expect(screen.getByRole('region', { name: 'Bebidas' })).toBeInTheDocument();
  });

  it('holds its content', () => {
    render(
      <CategorySection title="Bebidas">
        <p>Agua</p>
      </CategorySection>,
    );

    expect(within(screen.getByRole('region', { name: 'Bebidas' })).getByText('Agua')).toBeInTheDocument();
  });

  it('titles itself with a level 2 heading by default', () => {
    render(
      <CategorySection title="Bebidas">
        <p>Agua</p>
      </CategorySection>,
    );

    expect(screen.getByRole('heading', { name: 'Bebidas', level: 2 })).toBeInTheDocument();
  });

  it('titles itself with a level 3 heading when asked', () => {
    render(
      <CategorySection title="Bebidas" headingLevel={3}>
        <p>Agua</p>
      </CategorySection>,
    );

    expect(screen.getByRole('heading', { name: 'Bebidas', level: 3 })).toBeInTheDocument();
  });
});
