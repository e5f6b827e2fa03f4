import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Keypad, type KeypadProps } from './keypad.tsx';

const keys = [
  { key: '1', label: '1' },
  { key: '2', label: '2' },
  { key: '3', label: '3' },
  { key: 'back', label: '⌫', accessibleLabel: 'Borrar' },
];

function renderKeypad(props: Partial<KeypadProps> = {}) {
  return render(<Keypad label="Teclado de la máquina" keys={keys} onPress={() => {}} {...props} />);
}

describe('Keypad', () => {
  it('is a group named by its label, with one button per key in order', () => {
    renderKeypad();

    const group = screen.getByRole('group', { name: 'Teclado de la máquina' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '⌫']);
  });

  it('reports the pressed key', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    renderKeypad({ onPress });

    await user.click(screen.getByRole('button', { name: '2' }));

    expect(onPress).toHaveBeenCalledWith('2');
  });

  it('names a key by its accessibleLabel when given', () => {
    renderKeypad();

    expect(screen.getByRole('button', { name: 'Borrar' })).toHaveTextContent('⌫');
  });

  it('reports the key, not its label, for a named key', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    renderKeypad({ onPress });

    await user.click(screen.getByRole('button', { name: 'Borrar' }));

    expect(onPress).toHaveBeenCalledWith('back');
  });

  it('disables every key while disabled', () => {
    renderKeypad({ disabled: true });

    expect(screen.getAllByRole('button').filter((button) => !(button as HTMLButtonElement).disabled)).toEqual([]);
  });

  it('ignores presses while disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    renderKeypad({ onPress, disabled: true });

    await user.click(screen.getByRole('button', { name: '1' }));

    expect(onPress).not.toHaveBeenCalled();
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
        <Keypad label="Teclado de la máquina" keys={keys} onPress={() => {}} />
      </form>,
    );

    await user.click(screen.getByRole('button', { name: '1' }));

    expect(onSubmit).not.toHaveBeenCalled();
  });
});
