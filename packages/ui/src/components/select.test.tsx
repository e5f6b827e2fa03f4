import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select.tsx';

const years = [
  { value: '26', label: '2026' },
  { value: '27', label: '2027' },
];

describe('Select', () => {
  it('is found by its visible label and lists its options', () => {
    render(<Select label="Año" options={years} />);

    const select = screen.getByRole('combobox', { name: 'Año' });
    expect(select).toHaveDisplayValue('2026');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['2026', '2027']);
  });

  it('reports the value of the option the user picks', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Año" options={years} onChange={(event) => onChange(event.target.value)} />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Año' }), '2027');

    expect(onChange).toHaveBeenCalledWith('27');
  });

  it('starts on the placeholder when uncontrolled', () => {
    render(<Select label="Año" options={years} placeholder="Elige un año" />);

    expect(screen.getByRole('combobox', { name: 'Año' })).toHaveDisplayValue('Elige un año');
  });

  it('does not let the placeholder be picked', () => {
    render(<Select label="Año" options={years} placeholder="Elige un año" />);

    expect(screen.getByRole('option', { name: 'Elige un año' })).toBeDisabled();
  });

  it('shows the controlled value', () => {
    render(<Select label="Año" options={years} value="27" onChange={() => {}} />);

    expect(screen.getByRole('combobox', { name: 'Año' })).toHaveDisplayValue('2027');
  });

  it('is aria-invalid and described by its error', () => {
    render(<Select label="Año" options={years} error="Elige el año de vencimiento" />);

    const select = screen.getByRole('combobox', { name: 'Año' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Elige el año de vencimiento');
  });

  it('is not invalid without an error', () => {
    render(<Select label="Año" options={years} />);

    expect(screen.getByRole('combobox', { name: 'Año' })).not.toHaveAttribute('aria-invalid');
  });
});
