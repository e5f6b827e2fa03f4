import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeaderBalance } from './header-balance.tsx';

describe('HeaderBalance (issue 37 point 1: "$100.00 por acreditar" beside the balance)', () => {
  it('shows what is on its way under the balance, read out after it', () => {
    render(<HeaderBalance label="$367.00" detail="$100.00 por acreditar" />);

    const button = screen.getByRole('button', { name: '$367.00 $100.00 por acreditar' });
    expect(button.querySelector('small')).toHaveTextContent('$100.00 por acreditar');
  });

  it('shows the balance alone when nothing is on its way', () => {
    render(<HeaderBalance label="$367.00" detail={null} />);

    expect(screen.getByRole('button', { name: '$367.00' })).toHaveTextContent(/^\$367\.00$/);
  });
});
