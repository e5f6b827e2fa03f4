import type { ProductServerItem } from '@vendo/core';
import { describe, expect, it } from 'vitest';
import { chooseProduct, saleTypeFor } from './choose-product.ts';

const sellOptions = { sellable: true, serviceable: false, sampleable: false };
const item = (id: number, name: string, options: Partial<typeof sellOptions> = {}): ProductServerItem => ({
  id,
  name,
  price: 14,
  user_code: String(id + 9),
  sell_options: { ...sellOptions, ...options },
});

const items = [
  item(1, 'Agua natural 600 ml'),
  item(2, 'Agua mineral 600 ml'),
  item(3, 'Té helado de limón 500 ml'),
  item(33, 'Paraguas plegable compacto'),
];

describe('the product a command line names', () => {
  it.each([
    ['1', 1],
    ['33', 33],
    ['Agua natural 600 ml', 1],
    ['agua   NATURAL 600 ML', 1],
    ['agua nat', 1],
    // Accents or not, as a keyboard allows.
    ['te helado', 3],
    ['paraguas', 33],
  ])('"%s" is product %i', (query, id) => {
    expect(chooseProduct(items, query)).toMatchObject({ kind: 'one', item: { id } });
  });

  it('asks back, never guesses, when several names hold the words', () => {
    const match = chooseProduct(items, 'agua');

    expect(match.kind === 'many' && match.items.map((found) => found.id)).toEqual([1, 2]);
  });

  it('finds nothing for words no name starts with', () => {
    expect(chooseProduct(items, 'guas')).toEqual({ kind: 'none' });
  });
});

describe('how it is bought (spec §4 sale types)', () => {
  it.each([
    [{}, 2],
    [{ sampleable: true }, 2],
    [{ sellable: false, serviceable: true }, 4],
    [{ sellable: false, sampleable: true }, 3],
    [{ sellable: false }, null],
  ])('%o → %s', (options, saleType) => {
    expect(saleTypeFor(item(1, 'x', options))).toBe(saleType);
  });
});
