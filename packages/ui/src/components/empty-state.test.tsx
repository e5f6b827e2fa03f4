import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('shows its title as a heading', () => {
    render(<EmptyState title="Aún no tienes tarjetas" />);

    expect(screen.getByRole('heading', { name: 'Aún no tienes tarjetas' })).toBeInTheDocument();
  });

  it('shows its description and action', () => {
    render(
      <EmptyState
        title="Aún no tienes tarjetas"
        description="Agrega una para pagar más rápido"
        action={<button type="button">Agregar tarjeta</button>}
      />,
    );

    expect(screen.getByText('Agrega una para pagar más rápido')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar tarjeta' })).toBeInTheDocument();
  });

  it('does not interrupt screen readers', () => {
    render(<EmptyState title="Aún no tienes tarjetas" />);

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
