import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from './notice.tsx';

describe('Notice', () => {
  it('is an alert for errors', () => {
    render(<Notice tone="error">No se pudo pagar</Notice>);

    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo pagar');
  });

  it.each(['info', 'warning'] as const)('is a status, not an alert, for %s', (tone) => {
    render(<Notice tone={tone}>Sin conexión</Notice>);

    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
