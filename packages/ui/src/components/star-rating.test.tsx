import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating } from './star-rating.tsx';

const label = (stars: number) => `${stars} de 5 estrellas`;

describe('StarRating', () => {
  it('is a named group of five radio choices', () => {
    render(<StarRating legend="¿Qué tal tu compra?" value={null} onChange={() => {}} starLabel={label} />);

    expect(screen.getByRole('group', { name: '¿Qué tal tu compra?' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
  });

  it('reports the stars chosen', () => {
    const onChange = vi.fn();
    render(<StarRating legend="¿Qué tal?" value={null} onChange={onChange} starLabel={label} />);

    fireEvent.click(screen.getByRole('radio', { name: '4 de 5 estrellas' }));

    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('marks the chosen value as checked', () => {
    render(<StarRating legend="¿Qué tal?" value={3} onChange={() => {}} starLabel={label} />);

    expect(screen.getByRole('radio', { name: '3 de 5 estrellas' })).toBeChecked();
  });
});
