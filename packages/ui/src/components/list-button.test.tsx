import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListButton } from './list-button.tsx';

describe('ListButton', () => {
  it('is a button named by its title and subtitle', () => {
    render(<ListButton title="Máquina 42" subtitle="Estación Norte, andén 2" onSelect={() => {}} />);

    expect(screen.getByRole('button')).toHaveAccessibleName('Máquina 42 Estación Norte, andén 2');
  });

  it('is named by its title alone without a subtitle', () => {
    render(<ListButton title="Máquina 42" onSelect={() => {}} />);

    expect(screen.getByRole('button')).toHaveAccessibleName('Máquina 42');
  });

  it('calls onSelect when pressed', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<ListButton title="Máquina 42" onSelect={onSelect} />);

    await user.click(screen.getByRole('button', { name: 'Máquina 42' }));

    expect(onSelect).toHaveBeenCalledOnce();
  });

  it('reads the trailing content as part of the row', () => {
    render(<ListButton title="Máquina 42" onSelect={() => {}} trailing={<span>Hace 2 días</span>} />);

    expect(screen.getByRole('button')).toHaveAccessibleName('Máquina 42 Hace 2 días');
  });

  it('does not submit a surrounding form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <ListButton title="Máquina 42" onSelect={() => {}} />
      </form>,
    );

    await user.click(screen.getByRole('button', { name: 'Máquina 42' }));

    expect(onSubmit).not.toHaveBeenCalled();
  });
});
