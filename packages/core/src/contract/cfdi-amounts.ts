/**
 * Issue 37 point 3: the tax rule for invoicing a top-up of the prepaid balance.
 *
 * A top-up is an advance payment (anticipo): no good or service is known yet when the money comes in, but VAT
 * is due when it is collected (Ley del IVA, art. 17: the tax is caused when the consideration is effectively
 * collected, advances included). SAT's "Guía de llenado del CFDI 4.0", Apéndice 6 (anticipos), says how: one
 * concept, ClaveProdServ 84111506, ClaveUnidad ACT, Cantidad 1, Descripción "Anticipo del bien o servicio",
 * ObjetoImp 02, with 16 % IVA transferred; the member paid the price VAT included.
 */

export const anticipoConcept = {
  claveProdServ: '84111506',
  claveUnidad: 'ACT',
  cantidad: '1',
  descripcion: 'Anticipo del bien o servicio',
  objetoImp: '02',
} as const;

/** The general VAT rate (Ley del IVA art. 1). */
export const ivaRate = 0.16;

export interface TaxSplit {
  /** All in cents. */
  subtotal: number;
  iva: number;
  total: number;
}

/**
 * The price the member paid, VAT included, split into subtotal and VAT so that they add up to the cent: the
 * subtotal is rounded and the VAT is what remains, never rounded on its own.
 */
export function prepaidTaxSplit(totalCents: number, rate = ivaRate): TaxSplit {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) {
    throw new RangeError('a top-up total is a positive whole number of cents');
  }
  const subtotal = Math.round(totalCents / (1 + rate));
  return { subtotal, iva: totalCents - subtotal, total: totalCents };
}

// Rates in millionths, as TasaOCuota is written with 6 decimals, so the limits below are integer arithmetic.
const micro = (rate: number) => Math.round(rate * 1_000_000);

/**
 * SAT's tolerance for a transferred tax (Anexo 20, Traslado Importe): between (Base − half a cent) × rate
 * truncated and (Base + half a cent) × rate rounded up, with 2-decimal amounts.
 */
export function ivaLimits(subtotalCents: number, rate = ivaRate) {
  const rateMicro = micro(rate);
  return {
    lower: Math.floor(((2 * subtotalCents - 1) * rateMicro) / 2_000_000),
    upper: Math.ceil(((2 * subtotalCents + 1) * rateMicro) / 2_000_000),
  };
}

export function ivaWithinTolerance(subtotalCents: number, ivaCents: number, rate = ivaRate): boolean {
  const { lower, upper } = ivaLimits(subtotalCents, rate);
  return ivaCents >= lower && ivaCents <= upper;
}

/** c_FormaPago keys the top-ups use. */
export type PaymentFormCode = '01' | '03' | '04' | '08';

export type TopUpPaymentMethod =
  | 'card'
  | 'automatic'
  | 'auto'
  | 'direct_payment'
  | 'checkout'
  | 'redirect'
  | 'voucher'
  | 'reference'
  | 'spei';

/**
 * The c_FormaPago of a top-up. Every card payment is read as 04, tarjeta de crédito: the card provider does
 * not say whether a card is debit (28) or credit, and one key for all keeps invoices alike. A meal-voucher card
 * pays with vales de despensa (08); a store reference is cash at the counter (01); SPEI is a transfer (03).
 */
export function paymentForm(method: TopUpPaymentMethod): PaymentFormCode {
  switch (method) {
    case 'voucher':
      return '08';
    case 'reference':
      return '01';
    case 'spei':
      return '03';
    default:
      return '04';
  }
}
