import type { Receipt } from '@vendo/core/contract';
import { describe, expect, it } from 'vitest';
import { receiptMessage } from './receipt-message.ts';

// Issue 35 point 4: a receipt's e-mail says what the receipt page shows, in the member's language. Its words,
// from receipts as the API answers them (services/receipt-mail.test.ts sends real ones).

const purchase: Receipt = {
  folio: 'VEN-000123',
  kind: 'deal',
  id: 5001,
  issued_at: '2026-11-22T15:05:00-06:00',
  time_zone: 'America/Mexico_City',
  machine: { id: 7, name: 'demo' },
  product: { name: 'Agua natural 600 ml', user_code: '12' },
  sale_type_code: 2,
  price: 14,
  sample: false,
  amount: 14,
  currency: 'MXN',
  payment: { method: 'balance' },
  balance_after: 86,
};
const link = 'https://vendo.example/receipt/deal/5001';
const textOf = (receipt: Receipt, lang: 'es' | 'en') => receiptMessage('ana@correo.example', receipt, link, lang).text;

describe('how a receipt e-mail says it was paid (issue 35 point 4)', () => {
  it.each([
    [{ method: 'balance' }, 'Forma de pago: Saldo', 'Paid with: Balance'],
    [
      { method: 'card', card_brand: 'visa', card_last4: '1111' },
      'Forma de pago: Visa terminación 1111',
      'Paid with: Visa ending in 1111',
    ],
    [
      { method: 'voucher', card_brand: 'edenred', card_last4: '4321' },
      'Forma de pago: Tarjeta de vales Edenred terminación 4321',
      'Paid with: Edenred meal voucher card ending in 4321',
    ],
    [{ method: 'checkout' }, 'Forma de pago: Pago en línea', 'Paid with: Online payment'],
    [
      { method: 'reference', reference: '9300 1234 5678 9012' },
      'Forma de pago: Referencia en tienda 9300 1234 5678 9012',
      'Paid with: Store reference 9300 1234 5678 9012',
    ],
  ] as const)('%o: "%s" / "%s"', (payment, spanish, english) => {
    const receipt = { ...purchase, payment };

    expect([textOf(receipt, 'es'), textOf(receipt, 'en')]).toEqual([
      expect.stringContaining(spanish),
      expect.stringContaining(english),
    ]);
  });

  it('a free sample is priced "Muestra gratis" / "Free sample", nothing charged', () => {
    const sample: Receipt = {
      ...purchase,
      sample: true,
      sale_type_code: 3,
      price: 0,
      amount: 0,
      payment: { method: 'sample' },
    };

    expect(textOf(sample, 'es')).toContain('Precio: Muestra gratis');
    expect(textOf(sample, 'en')).toContain('Price: Free sample');
    expect(textOf(sample, 'en')).toContain('Total: $0.00 MXN');
  });
});

describe("a receipt e-mail's date and money (issue 35 point 4)", () => {
  it("writes the date and time in the receipt's zone for the language, naming the zone", () => {
    expect(textOf(purchase, 'es')).toContain('Fecha: 22 nov 2026, 15:05 (hora de Ciudad de México)');
    expect(textOf(purchase, 'en')).toContain('Date: Nov 22, 2026, 3:05 PM (CST)');
  });

  it('writes a yen receipt in Tokyo time and whole yen', () => {
    const yen: Receipt = {
      ...purchase,
      issued_at: '2026-11-23T06:05:00+09:00',
      time_zone: 'Asia/Tokyo',
      currency: 'JPY',
      price: 150,
      amount: 150,
      balance_after: 1_850,
    };

    expect(textOf(yen, 'en')).toContain('Date: Nov 23, 2026, 6:05 AM (Japan Time)');
    expect(textOf(yen, 'en')).toContain('Balance after: ¥1,850 JPY');
  });

  it('names no product for a purchase whose selection the machine does not sell', () => {
    expect(textOf({ ...purchase, product: null }, 'es')).not.toContain('Producto:');
  });
});
