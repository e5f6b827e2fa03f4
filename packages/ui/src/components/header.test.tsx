import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from './header.tsx';

describe('Header', () => {
  it('is a banner holding the three slots in order', () => {
    render(<Header left={<span>izquierda</span>} center={<h1>Título</h1>} right={<span>derecha</span>} />);

    expect(screen.getByRole('banner')).toHaveTextContent(/^izquierdaTítuloderecha$/);
  });

  it('renders with empty slots', () => {
    render(<Header center={<h1>Título</h1>} />);

    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'Título' })).toBeInTheDocument();
  });
});
