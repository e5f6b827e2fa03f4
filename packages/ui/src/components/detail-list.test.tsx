import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailList } from './detail-list.tsx';

describe('DetailList', () => {
  it('pairs each label with its value', () => {
    render(<DetailList rows={[['Nombre', 'Ana']]} />);

    expect([screen.getByRole('term').textContent, screen.getByRole('definition').textContent]).toEqual([
      'Nombre',
      'Ana',
    ]);
  });
});
