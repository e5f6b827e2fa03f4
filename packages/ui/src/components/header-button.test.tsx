import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HeaderButton } from './header-button.tsx';
import { MenuIcon } from './icons.tsx';

describe('HeaderButton', () => {
  it('is named by its label when it shows an icon', () => {
    render(<HeaderButton label="Abrir menú" icon={<MenuIcon />} />);

    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
  });

  it('does not show the label as text when it shows an icon', () => {
    render(<HeaderButton label="Abrir menú" icon={<MenuIcon />} />);

    expect(screen.queryByText('Abrir menú')).not.toBeInTheDocument();
  });

  it('shows its label as text without an icon', () => {
    render(<HeaderButton label="Volver" />);

    expect(screen.getByRole('button', { name: 'Volver' })).toHaveTextContent('Volver');
  });

  it('calls onClick when pressed', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<HeaderButton label="Abrir menú" icon={<MenuIcon />} onClick={onClick} />);

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));

    expect(onClick).toHaveBeenCalledOnce();
  });
});
