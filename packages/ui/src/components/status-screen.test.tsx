import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusScreen } from './status-screen.tsx';

describe('StatusScreen', () => {
  it('shows its title as the page heading, with its body and actions', () => {
    render(
      <StatusScreen tone="success" title="¡Listo!" actions={<button type="button">Volver</button>}>
        <p>Toma tu producto.</p>
      </StatusScreen>,
    );

    expect(screen.getByRole('heading', { level: 1, name: '¡Listo!' })).toBeInTheDocument();
    expect(screen.getByText('Toma tu producto.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
  });

  it('interrupts screen readers for an error', () => {
    render(<StatusScreen tone="error" title="Producto no entregado" />);

    expect(screen.getByRole('alert')).toHaveTextContent('Producto no entregado');
  });

  it('announces progress politely', () => {
    render(<StatusScreen tone="progress" title="Conectando…" />);

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Conectando…');
  });
});
