import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';

describe('Checkbox', () => {
  it('is found by its label', () => {
    render(<Checkbox label="Recordarme" />);

    expect(screen.getByRole('checkbox', { name: 'Recordarme' })).not.toBeChecked();
  });

  it('toggles when its label is pressed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Recordarme" onChange={(event) => onChange(event.target.checked)} />);

    await user.click(screen.getByText('Recordarme'));

    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('takes a label with a link inside', () => {
    render(
      <Checkbox
        label={
          <>
            Acepto los <a href="/terms">términos</a>
          </>
        }
      />,
    );

    expect(screen.getByRole('checkbox', { name: 'Acepto los términos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'términos' })).toHaveAttribute('href', '/terms');
  });

  it('is aria-invalid and described by its error', () => {
    render(<Checkbox label="Acepto" error="Acepta para continuar" />);

    const checkbox = screen.getByRole('checkbox', { name: 'Acepto' });
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Acepta para continuar');
  });

  it('is not invalid without an error', () => {
    render(<Checkbox label="Acepto" />);

    expect(screen.getByRole('checkbox', { name: 'Acepto' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('Checkbox label text', () => {
  // The label row is a flex box, which would drop the space before a link; the text must sit in one inline box.
  it('wraps text and links of the label in one inline box', () => {
    render(
      <Checkbox
        label={
          <>
            Acepto el <a href="/privacidad">aviso</a>
          </>
        }
      />,
    );
    const label = screen.getByText(/Acepto el/).closest('label');
    expect(label?.children).toHaveLength(1);
    expect(label?.firstElementChild?.tagName).toBe('SPAN');
  });
});
