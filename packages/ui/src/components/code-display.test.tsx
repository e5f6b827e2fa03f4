import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeDisplay } from './code-display.tsx';

describe('CodeDisplay', () => {
  it('shows the code in bold beside what to do with it', () => {
    render(<CodeDisplay label="Marca este número en la máquina" code="12" />);

    expect(screen.getByText('Marca este número en la máquina')).toBeInTheDocument();
    expect(screen.getByText('12').closest('strong')).not.toBeNull();
  });

  it('is read digit by digit', () => {
    render(<CodeDisplay label="Código" code="4821" />);

    expect(screen.getByText('4 8 2 1')).toHaveClass('vendo-visually-hidden');
    expect(screen.getByText('4821')).toHaveAttribute('aria-hidden', 'true');
  });
});
