import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductGrid } from './product-grid.tsx';

const items = [
  { key: 'agua', node: <span>Agua</span> },
  { key: 'cola', node: <span>Cola</span> },
  { key: 'chips', node: <span>Patatas</span> },
];

describe('ProductGrid', () => {
  it('is a list named by its label', () => {
    render(<ProductGrid label="Bebidas" items={items} />);

    expect(screen.getByRole('list', { name: 'Bebidas' })).toBeInTheDocument();
  });

  it('puts each item in its own list item, in order', () => {
    render(<ProductGrid label="Bebidas" items={items} />);

    const listItems = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(listItems.map((item) => item.textContent)).toEqual(['Agua', 'Cola', 'Patatas']);
  });
});
