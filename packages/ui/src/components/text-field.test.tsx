import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('is found by its visible label', () => {
    render(<TextField label="Nombre" />);

    expect(screen.getByRole('textbox', { name: 'Nombre' })).toBeInTheDocument();
  });

  it('reports what the user types', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="Nombre" onChange={(event) => onChange(event.target.value)} />);

    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');

    expect(onChange).toHaveBeenLastCalledWith('Ana');
  });

  it('is not invalid without an error', () => {
    render(<TextField label="Nombre" />);

    expect(screen.getByRole('textbox', { name: 'Nombre' })).not.toBeInvalid();
  });

  it('is aria-invalid when it has an error', () => {
    render(<TextField label="Nombre" error="Escribe tu nombre" />);

    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the error and describes the input with it', () => {
    render(<TextField label="Nombre" error="Escribe tu nombre" />);

    expect(screen.getByText('Escribe tu nombre')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription('Escribe tu nombre');
  });

  it('describes the input with its hint, then its error', () => {
    render(<TextField label="Correo" hint="Opcional" error="Correo no válido" />);

    expect(screen.getByRole('textbox', { name: 'Correo' })).toHaveAccessibleDescription('Opcional Correo no válido');
  });

  it('keeps a description the caller already gave', () => {
    render(
      <>
        <p id="extra">Te enviaremos el recibo</p>
        <TextField label="Correo" aria-describedby="extra" error="Correo no válido" />
      </>,
    );

    expect(screen.getByRole('textbox', { name: 'Correo' })).toHaveAccessibleDescription(
      'Te enviaremos el recibo Correo no válido',
    );
  });

  it('uses the id it is given, so other elements can point at it', () => {
    render(<TextField label="Nombre" id="name" />);

    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('id', 'name');
  });

  it('hands its ref to the input, so a screen can focus it', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Nombre" ref={ref} />);

    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Nombre' }));
  });
});
