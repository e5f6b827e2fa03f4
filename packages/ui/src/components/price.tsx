export interface PriceProps {
  /** Formatted, e.g. "$15.00". Struck through when samplePrice is given. */
  price: string;
  /** The price of a sample, shown beside the struck-through price. */
  samplePrice?: string | null;
  /** A badge such as "Gratis". */
  freeLabel?: string | null;
  /**
   * Read by screen readers just before the struck-through price, e.g. "Antes", because most of
   * them do not announce strikethrough and the two prices would otherwise sound alike.
   */
  regularPriceLabel?: string;
  className?: string;
}

/** A product's price as every screen shows it: the price, or the regular one struck through beside the sample's, and a free badge. */
export function Price({ price, samplePrice, freeLabel, regularPriceLabel, className }: PriceProps) {
  // The spaces are for screen readers ("Antes 1,50 € 0,50 €", not "Antes1,50 €0,50 €"); a flex layout drops them on screen.
  return (
    <span className={className ? `vendo-price ${className}` : 'vendo-price'}>
      {samplePrice ? (
        <>
          {regularPriceLabel && <span className="vendo-visually-hidden">{regularPriceLabel}</span>}{' '}
          <s className="vendo-price__regular">{price}</s> <span className="vendo-price__amount">{samplePrice}</span>
        </>
      ) : (
        <span className="vendo-price__amount">{price}</span>
      )}
      {freeLabel && (
        <>
          {' '}
          <span className="vendo-price__badge">{freeLabel}</span>
        </>
      )}
    </span>
  );
}
