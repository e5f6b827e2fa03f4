import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BannerStrip } from './banner-strip.tsx';

const banners = [
  { id: 'summer', url: '/banners/summer.webp', alt: 'Verano: dos por uno en bebidas' },
  { id: 'coffee', url: '/banners/coffee.webp', alt: 'Café gratis los lunes' },
  { id: 'app', url: '/banners/app.webp', alt: 'Paga con el móvil' },
];

describe('BannerStrip', () => {
  it('is a region named by its label, listing one image per banner in order', () => {
    render(<BannerStrip label="Promociones" banners={banners} />);

    const region = screen.getByRole('region', { name: 'Promociones' });
    const names = within(region)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('img').getAttribute('alt'));
    expect(names).toEqual(['Verano: dos por uno en bebidas', 'Café gratis los lunes', 'Paga con el móvil']);
  });

  it.each(banners)('draws $id at a fixed 640×240 from its url', ({ url, alt }) => {
    render(<BannerStrip label="Promociones" banners={banners} />);

    const image = screen.getByRole('img', { name: alt });
    expect(image).toHaveAttribute('src', url);
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '240');
  });

  it('fetches the first banner at once and first of all', () => {
    render(<BannerStrip label="Promociones" banners={banners} />);

    const first = screen.getByRole('img', { name: 'Verano: dos por uno en bebidas' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  it('fetches the other banners lazily, at no special priority', () => {
    render(<BannerStrip label="Promociones" banners={banners} />);

    const others = screen.getAllByRole('img').slice(1);
    expect(others.map((image) => image.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(others.filter((image) => image.hasAttribute('fetchpriority'))).toEqual([]);
  });

  it('lets a keyboard reach the strip to scroll it', async () => {
    const user = userEvent.setup();
    render(<BannerStrip label="Promociones" banners={banners} />);

    await user.tab();

    expect(within(screen.getByRole('region')).getByRole('list')).toHaveFocus();
  });

  it('renders nothing without banners', () => {
    const { container } = render(<BannerStrip label="Promociones" banners={[]} />);

    expect(container).toBeEmptyDOMElement();
  });
});
