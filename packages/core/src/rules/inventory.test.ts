import { describe, expect, it } from 'vitest';
import { examples } from '../contract/examples.ts';
import type { ProductCategory, ProductServerItem } from '../contract/product.ts';
import {
  firstInDisplayOrder,
  groupByCategory,
  imageBanners,
  isSoldOut,
  PRODUCT_NAME_LIMIT,
  priceDisplay,
  saleOptionsOf,
  truncateName,
} from './inventory.ts';

let nextId = 1;
const item = (category: ProductCategory | null, overrides: Partial<ProductServerItem> = {}): ProductServerItem => ({
  ...examples.product,
  id: nextId++,
  product_category: category,
  ...overrides,
});

const bebidas = { name: 'bebidas', display_name: 'Bebidas', priority_order: 1 };
const botanas = { name: 'botanas', display_name: 'Botanas', priority_order: 2 };
const dulces = { name: 'dulces', display_name: 'Dulces', priority_order: 2 };
const fruta = { name: 'fruta', display_name: null, priority_order: null };
const cafe = { name: 'cafe', display_name: 'Café' };

const keys = (items: ProductServerItem[]) => groupByCategory(items).map((group) => group.key);

describe('spec §3/§9 categories sorted by priority_order, Varios last', () => {
  it.each([
    ['by priority_order', [botanas, bebidas], ['bebidas', 'botanas']],
    ['ties by name', [dulces, botanas], ['botanas', 'dulces']],
    ['no priority_order after those with one', [fruta, dulces, bebidas], ['bebidas', 'dulces', 'fruta']],
    ['those without one by name', [fruta, cafe], ['cafe', 'fruta']],
    ['no category last, as varios', [null, fruta, bebidas], ['bebidas', 'fruta', 'varios']],
    ['a blank category name as no category', [{ name: '  ' }, bebidas], ['bebidas', 'varios']],
    [
      'a server category named Varios with the others',
      [{ name: 'Varios', priority_order: 0 }, null, bebidas],
      ['bebidas', 'varios'],
    ],
    ['nothing', [], []],
  ])('orders groups %s', (_, categories, expected) => {
    const items = categories.map((category) => item(category));

    expect(keys(items)).toEqual(expected);
  });

  it('gathers the items of a category, in their order', () => {
    const agua = item(bebidas);
    const papas = item(botanas);
    const refresco = item(bebidas);

    const groups = groupByCategory([agua, papas, refresco]);

    expect(groups.map((group) => group.items)).toEqual([[agua, refresco], [papas]]);
  });

  it('names each group after its category', () => {
    const groups = groupByCategory([item(bebidas), item(fruta), item(null)]);

    expect(groups.map(({ key, name, displayName }) => ({ key, name, displayName }))).toEqual([
      { key: 'bebidas', name: 'bebidas', displayName: 'Bebidas' },
      { key: 'fruta', name: 'fruta', displayName: null },
      { key: 'varios', name: 'Varios', displayName: null },
    ]);
  });

  it('groups items without a category, in their order', () => {
    const first = item(null);
    const second = item(null, { product_category: undefined });

    expect(groupByCategory([first, item(bebidas), second]).at(-1)?.items).toEqual([first, second]);
  });
});

describe("issue 19: a first screen's products, drawn alone, as they are drawn among all the others", () => {
  const items = [
    item(null),
    item(botanas),
    item(bebidas),
    item(fruta),
    item(botanas, { product_category: { ...botanas, priority_order: 9 } }),
    item(bebidas),
    item(null),
  ];

  it.each([0, 1, 2, 3, 4, 5, 6, 7])('the first %i group again into the first groups of the whole list', (count) => {
    const whole = groupByCategory(items).flatMap((group) => group.items.map((product) => [group.key, product.id]));

    const first = groupByCategory(firstInDisplayOrder(items, count)).flatMap((group) =>
      group.items.map((product) => [group.key, product.id]),
    );

    expect(first).toEqual(whole.slice(0, count));
  });
});

describe('spec §3 only image banners are shown', () => {
  it.each([
    ['image', true],
    ['video', false],
    ['html', false],
    ['', false],
  ])('banner_type %j shown: %j', (type, shown) => {
    const banner = { ...examples.banner, banner_type: type };

    expect(imageBanners([banner])).toEqual(shown ? [banner] : []);
  });

  it('keeps the order of the machine banners', () => {
    const [otono] = examples.machine.banners;
    const invierno = { id: 3, banner_type: 'image', url: 'https://cdn.example.mx/banners/invierno.jpg' };

    expect(imageBanners([...examples.machine.banners, invierno])).toEqual([otono, invierno]);
  });
});

describe('spec §5/§9 product names truncated to 30 characters with an ellipsis', () => {
  it.each([
    ['Agua mineral 600 ml', 'Agua mineral 600 ml'],
    ['', ''],
    ['Galletas de avena con pasas 12', 'Galletas de avena con pasas 12'],
    ['Galletas de avena con pasas 120 g', 'Galletas de avena con pasas 12…'],
    ['Café americano grande con leche de almendra', 'Café americano grande con lech…'],
    ['Jugo de naranja natural 1 litro', 'Jugo de naranja natural 1 litr…'],
    ['Galletas de avena con pasas y chispas', 'Galletas de avena con pasas y…'],
    ['🍫'.repeat(30), '🍫'.repeat(30)],
    [`${'🍫'.repeat(30)}!`, `${'🍫'.repeat(30)}…`],
  ])('shows %j as %j', (name, shown) => {
    expect(truncateName(name)).toBe(shown);
  });

  it('cuts at another limit when asked', () => {
    expect(truncateName('Agua mineral 600 ml', 5)).toBe('Agua…');
  });

  it('limit is 30 (spec §9)', () => {
    expect(PRODUCT_NAME_LIMIT).toBe(30);
  });
});

describe('spec §9 sample price beside the normal price, sampleable shows Free', () => {
  const sellOnly = { sellable: true, serviceable: false, sampleable: false };
  const sample = { sellable: true, serviceable: false, sampleable: true };

  it.each([
    ['a product for sale', sellOnly, null, { price: 18.5, samplePrice: null, free: false }],
    ['a sampleable product with a sample price', sample, { price: 5 }, { price: 18.5, samplePrice: 5, free: true }],
    ['a free sample at 0', sample, { price: 0 }, { price: 18.5, samplePrice: 0, free: true }],
    ['a sampleable product without sampling', sample, null, { price: 18.5, samplePrice: null, free: true }],
    ['sampling on a product not sampleable', sellOnly, { price: 5 }, { price: 18.5, samplePrice: null, free: false }],
  ])('shows %s', (_, sell_options, sampling, display) => {
    const product = item(bebidas, { price: 18.5, sell_options, sampling });

    expect(priceDisplay(product)).toEqual(display);
  });
});

describe('issue 15 point 2: the product page offers what the card promises, each way at its own price', () => {
  it.each([
    [
      'a product for sale',
      { sellable: true, serviceable: false, sampleable: false },
      [{ saleType: 2, price: 18.5, soldOut: false }],
    ],
    [
      'a product sold and sampled: the free sample first, buying at full price named',
      { sellable: true, serviceable: false, sampleable: true },
      [
        { saleType: 3, price: 0, soldOut: false },
        { saleType: 2, price: 18.5, soldOut: false },
      ],
    ],
    [
      'a sample only',
      { sellable: false, serviceable: false, sampleable: true },
      [{ saleType: 3, price: 0, soldOut: false }],
    ],
    [
      'a service',
      { sellable: false, serviceable: true, sampleable: false },
      [{ saleType: 4, price: 18.5, soldOut: false }],
    ],
  ])('offers %s', (_, sell_options, options) => {
    const product = item(bebidas, { price: 18.5, sell_options, sampling: { price: 5 } });

    expect(saleOptionsOf(product)).toEqual(options);
  });
});

describe('issue 35 point 1: a sold-out product is shown as such, and only where the provider says so', () => {
  it.each([
    ['says it is not available', { available: false }, true],
    ['says it is available', { available: true, stock: 3 }, false],
    ['says nothing of stock (a provider without it)', {}, false],
  ])('a product whose provider %s', (_, stock, soldOut) => {
    const product = item(bebidas, stock);

    expect(isSoldOut(product)).toBe(soldOut);
  });

  it('offers a sold-out product for sale and as a sample as sold out, but a service as ever', () => {
    const sell_options = { sellable: true, serviceable: true, sampleable: true };
    const product = item(bebidas, { price: 18.5, sell_options, available: false, stock: 0 });

    expect(saleOptionsOf(product).map((option) => [option.saleType, option.soldOut])).toEqual([
      [3, true],
      [2, true],
      [4, false],
    ]);
  });
});
