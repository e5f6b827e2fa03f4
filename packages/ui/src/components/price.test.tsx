import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from './price.tsx';

describe('Price (spec §2 inventory and product: sample and free prices)', () => {
  it('strikes the regular price through beside the sample price, and names it for screen readers', () => {
    const { container } = render(<Price price="$15.00" samplePrice="$0.00" regularPriceLabel="Antes" />);

    expect([screen.getByText('$15.00').tagName, container.textContent]).toEqual(['S', 'Antes $15.00 $0.00']);
  });

  it('shows the free label as a badge after the price', () => {
    render(<Price price="$15.00" freeLabel="Gratis" />);

    expect(screen.getByText('Gratis')).toHaveClass('vendo-price__badge');
  });
});
