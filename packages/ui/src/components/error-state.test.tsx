import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorState } from './error-state.tsx';

describe('ErrorState', () => {
  it('is an alert holding its title', () => {
    render(<ErrorState title="No se pudo cargar" />);

    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo cargar');
  });

  it('shows its description and action', () => {
    render(
      <ErrorState
        title="No se pudo cargar"
        description="Revisa tu conexión"
        action={<button type="button">Reintentar</button>}
      />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Revisa tu conexión');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
