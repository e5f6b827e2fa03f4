import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceGroup } from './choice-group.tsx';

const choices = [
  { value: '50', label: '$50' },
  { value: '100', label: '$100' },
  { value: 'other', label: 'Otro' },
];

describe('ChoiceGroup', () => {
  it('is a named group of radios with the current value checked', () => {
    render(<ChoiceGroup legend="Monto" choices={choices} value="100" onChange={() => {}} />);

    expect(screen.getByRole('group', { name: 'Monto' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '$100' })).toBeChecked();
  });

  it('reports the choice made', () => {
    const onChange = vi.fn();
    render(<ChoiceGroup legend="Monto" choices={choices} value="100" onChange={onChange} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Otro' }));

    expect(onChange).toHaveBeenCalledWith('other');
  });

  it('names a choice by its label and its note (a top-up amount and its bonus)', () => {
    const noted = [{ value: '200', label: '$200', note: '+$10 de regalo' }, ...choices];
    render(<ChoiceGroup legend="Monto" choices={noted} value="100" onChange={() => {}} />);

    expect(screen.getByRole('radio', { name: '$200 +$10 de regalo' })).toBeInTheDocument();
  });
});
