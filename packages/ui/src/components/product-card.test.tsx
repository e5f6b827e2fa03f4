import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductCard, type ProductCardProps } from './product-card.tsx';

/**
 * jsdom cannot follow links (it logs "navigation not implemented"), so clicks the card leaves to the
 * browser are stopped at the document, after recording whether the card had already prevented them.
 */
const preventedByCard: boolean[] = [];
function stopAtDocument(event: MouseEvent) {
  preventedByCard.push(event.defaultPrevented);
  event.preventDefault();
}
function leaveLinksToTheBrowser() {
  document.addEventListener('click', stopAtDocument);
}
afterEach(() => {
  document.removeEventListener('click', stopAtDocument);
  preventedByCard.length = 0;
});

function renderCard(props: Partial<ProductCardProps> = {}) {
  return render(
    <ProductCard
      name="Agua mineral"
      photoUrl="/photos/agua.webp"
      price="1,50 €"
      href="/machines/m1/products/agua"
      onOpen={() => {}}
      {...props}
    />,
  );
}

describe('ProductCard', () => {
  it('is a link to the product named by the product', () => {
    renderCard();

    expect(screen.getByRole('link', { name: /^Agua mineral/ })).toHaveAttribute('href', '/machines/m1/products/agua');
  });

  it('routes a plain click through onOpen', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderCard({ onOpen });

    await user.click(screen.getByRole('link', { name: /Agua mineral/ }));

    expect(onOpen).toHaveBeenCalledWith('/machines/m1/products/agua');
  });

  it('keeps the browser from following a plain click itself', () => {
    leaveLinksToTheBrowser();
    renderCard();

    fireEvent.click(screen.getByRole('link', { name: /Agua mineral/ }));

    expect(preventedByCard).toEqual([true]);
  });

  it.each(['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])('leaves a click with %s to the browser', (modifier) => {
    leaveLinksToTheBrowser();
    const onOpen = vi.fn();
    renderCard({ onOpen });

    fireEvent.click(screen.getByRole('link', { name: /Agua mineral/ }), { [modifier]: true });

    expect(preventedByCard).toEqual([false]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('shows the photo at a fixed 160×160, loaded lazily and decoded off the main thread', () => {
    renderCard();

    const image = within(screen.getByRole('link')).getByRole('presentation');
    expect(image).toHaveAttribute('src', '/photos/agua.webp');
    expect(image).toHaveAttribute('width', '160');
    expect(image).toHaveAttribute('height', '160');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it("loads a priority card's photo at once and ahead of the others (the first paint's largest element)", () => {
    renderCard({ priority: true });

    const image = within(screen.getByRole('link')).getByRole('presentation');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('leaves the photo out of the link name by default, since the name is already there', () => {
    renderCard();

    expect(within(screen.getByRole('link')).getByRole('presentation')).toHaveAttribute('alt', '');
  });

  it('describes the photo with imageAlt when given', () => {
    renderCard({ imageAlt: 'Botella azul de medio litro' });

    expect(screen.getByRole('img', { name: 'Botella azul de medio litro' })).toBeInTheDocument();
  });

  it('keeps the photo box without an image when there is no photo', () => {
    const { container } = renderCard({ photoUrl: null });

    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.vendo-product-card__media')).toBeInTheDocument();
  });

  it('reads the name and the price, apart, as the link name', () => {
    renderCard();

    expect(screen.getByRole('link')).toHaveAccessibleName('Agua mineral 1,50 €');
  });

  it('does not strike the price through without a sample price', () => {
    renderCard();

    expect(screen.getByText('1,50 €').closest('s')).toBeNull();
  });

  it('strikes the price through beside the sample price', () => {
    renderCard({ samplePrice: '0,50 €' });

    expect(screen.getByText('1,50 €').tagName).toBe('S');
    expect(screen.getByText('0,50 €')).toBeInTheDocument();
  });

  it('names the struck-through price for screen readers with regularPriceLabel', () => {
    renderCard({ samplePrice: '0,50 €', regularPriceLabel: 'Antes' });

    expect(screen.getByRole('link')).toHaveAccessibleName('Agua mineral Antes 1,50 € 0,50 €');
  });

  it('shows the free label as a badge', () => {
    renderCard({ freeLabel: 'Gratis' });

    expect(within(screen.getByRole('link')).getByText('Gratis')).toHaveClass('vendo-price__badge');
  });

  it('reads the free label after the price', () => {
    renderCard({ freeLabel: 'Gratis' });

    expect(screen.getByRole('link')).toHaveAccessibleName('Agua mineral 1,50 € Gratis');
  });

  it('shows no badge without a free label', () => {
    const { container } = renderCard({ freeLabel: null });

    expect(container.querySelector('.vendo-price__badge')).toBeNull();
  });
});

describe('ProductCard sold out (issue 35 point 1)', () => {
  it('says "Agotado" in words, as part of the link the member opens', () => {
    renderCard({ soldOutLabel: 'Agotado' });

    const link = screen.getByRole('link', { name: /Agua mineral/ });
    expect(within(link).getByText('Agotado')).toBeVisible();
    expect(link).toHaveAccessibleName(/Agotado/);
  });

  it('says nothing of stock when the product is not sold out', () => {
    renderCard();

    expect(screen.getByRole('link', { name: /Agua mineral/ })).not.toHaveClass('vendo-product-card--sold-out');
  });
});
