export interface Banner {
  id: string;
  url: string;
  /** Already translated; banners usually carry text, so it is rarely empty. */
  alt: string;
}

export interface BannerStripProps {
  banners: Banner[];
  /** Names the region for screen readers, already translated, e.g. "Promociones". */
  label: string;
}

/** Promotional images side by side, swiped one at a time (scroll snap). Nothing for no banners. */
export function BannerStrip({ banners, label }: BannerStripProps) {
  if (banners.length === 0) return null;
  return (
    <section className="vendo-banners" aria-label={label}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: images take no focus, so the scroller must, or keyboards could not scroll it (WCAG 2.1.1). */}
      <ul className="vendo-banners__list" tabIndex={0}>
        {banners.map((banner, index) => (
          <li key={banner.id} className="vendo-banners__item">
            <img
              className="vendo-banners__image"
              src={banner.url}
              alt={banner.alt}
              width={640}
              height={240}
              // The first banner is usually the largest paint on screen: fetch it first, the rest when near.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding={index === 0 ? undefined : 'async'}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
