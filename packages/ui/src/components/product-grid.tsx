import type { ReactNode } from 'react';

export interface ProductGridItem {
  /** Stable across renders, usually the product id. */
  key: string;
  /** Usually a ProductCard. */
  node: ReactNode;
}

export interface ProductGridProps {
  /** Names the list for screen readers, already translated, e.g. "Bebidas". */
  label: string;
  /**
   * Items rather than children, so the grid wraps each one in its own <li> and the list stays
   * valid whatever the caller passes.
   */
  items: ProductGridItem[];
}

/** Products as a list laid out in a grid: two columns on phones, three or more from 40rem. */
export function ProductGrid({ label, items }: ProductGridProps) {
  return (
    <ul className="vendo-product-grid" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="vendo-product-grid__item">
          {item.node}
        </li>
      ))}
    </ul>
  );
}
