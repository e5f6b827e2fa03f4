import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is a status that reads its label', () => {
    render(<Spinner label="Cargando…" />);

    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
  });
});
