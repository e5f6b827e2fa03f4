import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Countdown } from './countdown.tsx';

const text = (seconds: number) => `Reenviar en ${seconds} s`;

describe('Countdown', () => {
  it('shows the text for the given seconds', () => {
    render(<Countdown seconds={42}>{text}</Countdown>);

    expect(screen.getByText('Reenviar en 42 s')).toBeInTheDocument();
  });

  it('announces politely', () => {
    render(<Countdown seconds={42}>{text}</Countdown>);

    expect(screen.getByText('Reenviar en 42 s')).toHaveAttribute('aria-live', 'polite');
  });

  it('follows the seconds it is given', () => {
    const { rerender } = render(<Countdown seconds={42}>{text}</Countdown>);

    rerender(<Countdown seconds={41}>{text}</Countdown>);

    expect(screen.getByText('Reenviar en 41 s')).toBeInTheDocument();
  });

  it('never shows less than zero', () => {
    render(<Countdown seconds={-1}>{text}</Countdown>);

    expect(screen.getByText('Reenviar en 0 s')).toBeInTheDocument();
  });

  it('rounds a fraction of a second up', () => {
    render(<Countdown seconds={2.3}>{text}</Countdown>);

    expect(screen.getByText('Reenviar en 3 s')).toBeInTheDocument();
  });
});
