import { type RefCallback, useCallback } from 'react';
import { useRevealWhileNear, whenNear } from '../hooks/use-reveal-while-near.ts';
import { CategorySection } from './category-section.tsx';
import { ProductGrid, type ProductGridItem } from './product-grid.tsx';

export interface CatalogueGroup {
  /** Stable across renders, usually the category's name. */
  key: string;
  /** Already translated, e.g. "Bebidas". */
  title: string;
  items: ProductGridItem[];
}

export interface ProductCatalogueProps {
  /** In the order they are shown. */
  groups: CatalogueGroup[];
  /** Products in the first paint: enough to fill a large phone's first screen. */
  first?: number;
  /** Products added each time the end of the list comes near the screen. */
  step?: number;
  /**
   * The machine has more products than `groups` holds (a long list whose first screen came first): called
   * when the end of the last one comes near the screen, for the screen to read the rest. Pass the same
   * function on every render.
   */
  onEndNear?: (() => void) | undefined;
}

/**
 * Every category of an inventory, each a section with its product grid. A machine can sell hundreds
 * of products, so the first screenful paints at once and more are added as the member scrolls towards
 * them: the page is usable at once and scrolling never waits for the whole list.
 * Pass the same item nodes on every render, so the products already shown are not rendered again.
 */
export function ProductCatalogue({ groups, first = 12, step = 24, onEndNear }: ProductCatalogueProps) {
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);
  const { count, endRef } = useRevealWhileNear(total, { first, step });
  const moreRef: RefCallback<Element> = useCallback(
    (end) => (end && onEndNear ? whenNear(end, onEndNear) : undefined),
    [onEndNear],
  );
  let left = count;
  const shown: CatalogueGroup[] = [];
  for (const group of groups) {
    if (left <= 0) break;
    if (group.items.length === 0) continue;
    shown.push(left >= group.items.length ? group : { ...group, items: group.items.slice(0, left) });
    left -= group.items.length;
  }
  return (
    <>
      {shown.map((group) => (
        <CategorySection key={group.key} title={group.title}>
          <ProductGrid label={group.title} items={group.items} />
        </CategorySection>
      ))}
      {count < total && <div key={count} ref={endRef} className="vendo-catalogue-end" aria-hidden="true" />}
      {count >= total && onEndNear && (
        <div key="more" ref={moreRef} className="vendo-catalogue-end" aria-hidden="true" />
      )}
    </>
  );
}
