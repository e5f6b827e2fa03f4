/** Realistic vending items for the seeded machines: [name, price in pesos, category or null]. */
export const categories = [
  { name: 'bebidas', display_name: 'Bebidas', priority_order: 1 },
  { name: 'botanas', display_name: 'Botanas', priority_order: 2 },
  { name: 'dulces', display_name: 'Dulces y chocolates', priority_order: 3 },
  { name: 'comida', display_name: 'Comida', priority_order: 4 },
  { name: 'cuidado', display_name: 'Cuidado personal', priority_order: 5 },
] as const;

export type CategoryName = (typeof categories)[number]['name'];

export const demoItems: readonly (readonly [string, number, CategoryName | null])[] = [
  ['Agua natural 600 ml', 14, 'bebidas'],
  ['Agua mineral 600 ml', 18.5, 'bebidas'],
  ['Refresco de cola 355 ml', 19, 'bebidas'],
  ['Refresco de toronja 355 ml', 18, 'bebidas'],
  ['Jugo de naranja 413 ml', 22, 'bebidas'],
  ['Té helado de limón 500 ml', 21, 'bebidas'],
  ['Bebida isotónica sabor mora azul 1 litro edición deportiva', 28, 'bebidas'],
  ['Café americano frío 281 ml', 32, 'bebidas'],
  ['Papas fritas sal de mar 45 g', 17, 'botanas'],
  ['Papas con chile y limón 45 g', 17, 'botanas'],
  ['Cacahuates japoneses 60 g', 15, 'botanas'],
  ['Palomitas de maíz con mantequilla 90 g', 20, 'botanas'],
  ['Totopos de maíz horneados con un toque de chipotle 62 g', 19, 'botanas'],
  ['Mix de nueces y arándanos 40 g', 26, 'botanas'],
  ['Pretzels clásicos 70 g', 18, 'botanas'],
  ['Chocolate con leche 40 g', 16, 'dulces'],
  ['Chocolate amargo 70% cacao 40 g', 24, 'dulces'],
  ['Gomitas de frutas 80 g', 15, 'dulces'],
  ['Galletas con chispas de chocolate 6 piezas', 18, 'dulces'],
  ['Barra de granola con miel 35 g', 12, 'dulces'],
  ['Mazapán de cacahuate', 6.5, 'dulces'],
  ['Obleas rellenas de cajeta tradicionales de Celaya 4 piezas', 22, 'dulces'],
  ['Sándwich de jamón y queso', 45, 'comida'],
  ['Torta de milanesa', 55, 'comida'],
  ['Ensalada de pollo con aderezo', 65, 'comida'],
  ['Yogur natural con granola 150 g', 25, 'comida'],
  ['Sopa instantánea de pollo 64 g', 16, 'comida'],
  ['Gel antibacterial 60 ml', 29, 'cuidado'],
  ['Toallitas húmedas 10 piezas', 18, 'cuidado'],
  ['Pañuelos desechables 10 piezas', 9, 'cuidado'],
  ['Cargador USB-C de emergencia', 120, null],
  ['Audífonos con cable', 99, null],
  ['Paraguas plegable compacto', 150, null],
  ['Pila AA 2 piezas', 35, null],
];

export const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
