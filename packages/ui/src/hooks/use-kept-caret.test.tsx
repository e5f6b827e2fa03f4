import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from '../components/text-field.tsx';
import { useKeptCaret } from './use-kept-caret.ts';

/** A stand-in for the app's birth-date rule: ISO read as DD/MM/YYYY, else the digits re-slashed. */
function slashed(typed: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

function DateField({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const caret = useKeptCaret();
  return (
    <TextField
      label="Fecha de nacimiento"
      ref={caret.ref}
      value={value}
      onChange={(event) => {
        caret.typed(event.target);
        setValue(slashed(event.target.value));
      }}
    />
  );
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Fecha de nacimiento' });

describe('issue 15 point 19: the caret stays where it was when the text is re-formatted', () => {
  it('after deleting a digit in the middle, it stays where the digit was', async () => {
    const user = userEvent.setup();
    render(<DateField initial="15/03/1990" />);
    await user.click(field());
    field().setSelectionRange(5, 5);

    await user.keyboard('{Backspace}');

    expect(field()).toHaveValue('15/01/990');
    expect(field().selectionStart).toBe(4);
  });

  it('after typing a digit back in the middle, it is just after that digit', async () => {
    const user = userEvent.setup();
    render(<DateField initial="15/01/990" />);
    await user.click(field());
    field().setSelectionRange(4, 4);

    await user.keyboard('3');

    expect(field()).toHaveValue('15/03/1990');
    expect(field().selectionStart).toBe(6);
  });

  it('after pasting an ISO date, it is at the end', async () => {
    const user = userEvent.setup();
    render(<DateField />);
    await user.click(field());

    await user.paste('1990-03-15');

    expect(field()).toHaveValue('15/03/1990');
    expect(field().selectionStart).toBe(10);
  });

  it('after deleting a slash, which the text gets back, it stays before that slash', async () => {
    const user = userEvent.setup();
    render(<DateField initial="15/03/1990" />);
    await user.click(field());
    field().setSelectionRange(3, 3);

    await user.keyboard('{Backspace}');

    expect(field()).toHaveValue('15/03/1990');
    expect(field().selectionStart).toBe(2);
  });
});
