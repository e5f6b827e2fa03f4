import type { MouseEvent } from 'react';
import { Price } from './price.tsx';

export interface ProductCardProps {
  /** Already truncated by the caller, so the card never measures text. */
  name: string;
  /** Without a photo the card keeps the same square, filled by a neutral block. */
  photoUrl?: string | null;
  /** Formatted, e.g. "1,50 €". Struck through when samplePrice is given. */
  price: string;
  /** The price of a sample, shown beside the struck-through price. */
  samplePrice?: string | null;
  /** A badge such as "Gratis". */
  freeLabel?: string | null;
  /**
   * Set when the machine holds none, e.g. "Agotado": said in words on the photo (never by colour alone), and
   * part of the link's name. The card still opens the product, whose page says why it cannot be bought.
   */
  soldOutLabel?: string | null;
  /**
   * Read by screen readers just before the struck-through price, e.g. "Antes", because most of
   * them do not announce strikethrough and the two prices would otherwise sound alike.
   */
  regularPriceLabel?: string;
  /** A real address, so the product can be opened in a new tab. */
  href: string;
  /** A plain click routes through here; the caller navigates. */
  onOpen(href: string): void;
  /** Empty by default: the name is already the link's text, and repeating it adds noise. */
  imageAlt?: string;
  /**
   * For the first cards on screen: their photos load at once and first, since one of them is
   * usually the largest thing in the first paint. The others wait until they are scrolled near.
   */
  priority?: boolean;
}

/** One product of the inventory: photo, name and price, all one link. */
export function ProductCard({
  name,
  photoUrl,
  price,
  samplePrice,
  freeLabel,
  soldOutLabel,
  regularPriceLabel,
  href,
  onOpen,
  imageAlt = '',
  priority = false,
}: ProductCardProps) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser keep new-tab, new-window and download clicks; route only a plain click.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(href);
  }

  // The spaces are for screen readers, so the link's name reads "Agua 1,50 €", not "Agua1,50 €";
  // flex layout drops them on screen.
  return (
    <a
      className={soldOutLabel ? 'vendo-product-card vendo-product-card--sold-out' : 'vendo-product-card'}
      href={href}
      onClick={onClick}
    >
      <span className="vendo-product-card__media">
        {photoUrl && (
          <img
            className="vendo-product-card__image"
            src={photoUrl}
            alt={imageAlt}
            width={160}
            height={160}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        )}
        {soldOutLabel ? <span className="vendo-product-card__sold-out">{soldOutLabel}</span> : null}
      </span>{' '}
      <span className="vendo-product-card__name">{name}</span>{' '}
      <Price
        className="vendo-product-card__prices"
        price={price}
        samplePrice={samplePrice ?? null}
        freeLabel={freeLabel ?? null}
        {...(regularPriceLabel === undefined ? {} : { regularPriceLabel })}
      />
    </a>
  );
}
