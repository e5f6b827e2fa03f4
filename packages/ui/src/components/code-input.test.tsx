import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput, type CodeInputProps } from './code-input.tsx';

/** Holds the value like a screen would, and reports every change to the spy. */
function ControlledCode({ onChange, ...props }: Omit<CodeInputProps, 'value' | 'label'> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <CodeInput
      {...props}
      label="Código"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('CodeInput', () => {
  it('is one numeric, one-time-code text field named by its label', () => {
    render(<CodeInput label="Código" value="" onChange={() => {}} />);

    const input = screen.getByRole('textbox', { name: 'Código' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('pattern', '[0-9]*');
  });

  it('allows 4 digits by default', () => {
    render(<CodeInput label="Código" value="" onChange={() => {}} />);

    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveAttribute('maxlength', '4');
  });

  it('allows as many digits as its length', () => {
    render(<CodeInput label="Código" length={6} value="" onChange={() => {}} />);

    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveAttribute('maxlength', '6');
  });

  it('reports the digits as they are typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledCode onChange={onChange} />);

    await user.type(screen.getByRole('textbox', { name: 'Código' }), '1234');

    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['1', '12', '123', '1234']);
  });

  it('drops anything that is not a digit', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledCode onChange={onChange} />);

    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'a1-2');

    expect(onChange).toHaveBeenLastCalledWith('12');
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('12');
  });

  it('stops at its length', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledCode onChange={onChange} />);

    await user.type(screen.getByRole('textbox', { name: 'Código' }), '123456');

    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('1234');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^\d{5,}$/));
  });

  it('takes a pasted code', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledCode onChange={onChange} />);

    await user.click(screen.getByRole('textbox', { name: 'Código' }));
    await user.paste('4821');

    expect(onChange).toHaveBeenLastCalledWith('4821');
  });

  it('removes the last digit on Backspace', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledCode onChange={onChange} initial="123" />);

    await user.type(screen.getByRole('textbox', { name: 'Código' }), '{Backspace}');

    expect(onChange).toHaveBeenLastCalledWith('12');
  });

  it('cuts a value longer than its length', () => {
    render(<CodeInput label="Código" value="123456" onChange={() => {}} />);

    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('1234');
  });

  it('shows each digit of the value in a box', () => {
    render(<CodeInput label="Código" value="58" onChange={() => {}} />);

    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('8')).toBeInTheDocument();
  });

  it('is aria-invalid and described by its error', () => {
    render(<CodeInput label="Código" value="1234" onChange={() => {}} error="Código incorrecto" />);

    const input = screen.getByRole('textbox', { name: 'Código' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Código incorrecto');
  });

  it('takes focus on mount when autoFocus is set', () => {
    render(<CodeInput label="Código" value="" onChange={() => {}} autoFocus />);

    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveFocus();
  });

  it('leaves focus alone without autoFocus', () => {
    render(<CodeInput label="Código" value="" onChange={() => {}} />);

    expect(screen.getByRole('textbox', { name: 'Código' })).not.toHaveFocus();
  });

  it('issue 15 point 8: a refused code stays focused and selected, so the next digit typed replaces it', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<CodeInput label="Código" value="1111" onChange={onChange} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Código' });
    input.blur();

    rerender(<CodeInput label="Código" value="1111" onChange={onChange} error="Código incorrecto" />);
    await userEvent.keyboard('7');

    expect(input).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('7');
  });

  it('issue 15 point 8: a code refused with its message elsewhere is invalid, focused and selected', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<CodeInput label="Código" value="1111" onChange={onChange} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Código' });

    rerender(<CodeInput label="Código" value="1111" onChange={onChange} refused />);
    await userEvent.keyboard('7');

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).toHaveBeenLastCalledWith('7');
  });

  it('issue 15 point 8: while the code is checked it is read-only, never disabled, so it keeps focus', () => {
    render(<CodeInput label="Código" value="1234" onChange={() => {}} autoFocus readOnly />);

    const input = screen.getByRole('textbox', { name: 'Código' });
    expect(input).toHaveAttribute('readonly');
    expect(input).toBeEnabled();
    expect(input).toHaveFocus();
  });
});
