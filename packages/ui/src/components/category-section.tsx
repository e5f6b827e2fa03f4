import { type ReactNode, useId } from 'react';

export interface CategorySectionProps {
  /** Already translated, e.g. "Bebidas". Names the section too. */
  title: string;
  /** 2 by default; 3 when the screen already has an h2 above the categories. */
  headingLevel?: 2 | 3;
  /** Usually a ProductGrid. */
  children: ReactNode;
}

/**
 * One category of the inventory: a region named by its heading. The stylesheet lets the browser skip
 * laying out sections that are off screen, so long inventories scroll smoothly on phones.
 */
export function CategorySection({ title, headingLevel = 2, children }: CategorySectionProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="vendo-category" aria-labelledby={titleId}>
      <Heading id={titleId} className="vendo-category__title">
        {title}
      </Heading>
      {children}
    </section>
  );
}
