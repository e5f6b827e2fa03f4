import { useEffect, useRef } from 'react';

/**
 * A Code 128 barcode a store's scanner reads (issue 37 point 1), drawn as SVG by JsBarcode: a kept library
 * rather than hand-written encoding, loaded only when a reference is shown. The digits are written beside it
 * by the caller, so the SVG is an image with a name.
 */
export function Barcode({ value, label }: { value: string; label: string }) {
  const drawn = useRef<SVGSVGElement>(null);
  useEffect(() => {
    let current = true;
    void import('jsbarcode').then(({ default: draw }) => {
      if (current && drawn.current) {
        draw(drawn.current, value, { format: 'CODE128', displayValue: false, margin: 8, height: 64, width: 2 });
      }
    });
    return () => {
      current = false;
    };
  }, [value]);
  return <svg ref={drawn} className="vendo-barcode" role="img" aria-label={label} />;
}
