import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CardTokenRequest, CardTokenResponse, CreditCard } from './card.ts';
import { Deal } from './deal.ts';
import { ErrorObject } from './error.ts';
import { examples } from './examples.ts';
import { KeypadMessage, KeypadReady, KeypadSignIn } from './keypad.ts';
import { Banner, ProductServer, RecentMachine } from './machine.ts';
import { Balance, CommunityMember, Gender, MemberConfiguration, PaymentReference, Rating, TopUp } from './member.ts';
import { CustomMessage } from './message.ts';
import { ProductServerItem } from './product.ts';
import { CreateRfidRequest, MemberRfid, PendingCardLink, PendingCardLinkStatus } from './rfid.ts';

type Row = readonly [
  name: string,
  schema: z.core.$ZodType,
  example: Record<string, unknown>,
  broken: Record<string, unknown>,
];

const without = (example: Record<string, unknown>, field: string) => {
  const { [field]: _, ...rest } = example;
  return rest;
};

/** Spec §3 entities: a realistic example passes, and one malformed variant of each fails. */
const rows: readonly Row[] = [
  ['community member', CommunityMember, examples.member, without(examples.member, 'phone')],
  ['credit card', CreditCard, examples.card, { ...examples.card, brand: 'diners' }],
  ['balance', Balance, examples.balance, { ...examples.balance, amount: '150' }],
  ['banner', Banner, examples.banner, without(examples.banner, 'url')],
  ['vending machine', ProductServer, examples.machine, { ...examples.machine, status: 'sleeping' }],
  ['recent machine', RecentMachine, examples.recentMachine, without(examples.recentMachine, 'name')],
  ['product server item', ProductServerItem, examples.product, without(examples.product, 'sell_options')],
  ['deal', Deal, examples.deal, { ...examples.deal, delivery_status: 'delivered' }],
  ['custom message', CustomMessage, examples.message, without(examples.message, 'id')],
  ['member RFID', MemberRfid, examples.rfid, without(examples.rfid, 'rfid_id')],
  ['pending card link', PendingCardLink, examples.cardLink, { ...examples.cardLink, status: '' }],
  ['error object', ErrorObject, examples.error, { ...examples.error, error_code: { code: -13 } }],
  ['member configuration', MemberConfiguration, examples.configuration, { displayRatingModal: 'yes' }],
  ['rating', Rating, examples.rating, { ...examples.rating, rating: 6 }],
  ['top-up', TopUp, examples.topUp, { ...examples.topUp, currency: 'PESOS' }],
  ['payment reference', PaymentReference, examples.paymentReference, without(examples.paymentReference, 'reference')],
  ['card token', CardTokenResponse, examples.cardToken, without(examples.cardToken, 'card')],
  [
    'card tokenisation request (2-digit year)',
    CardTokenRequest,
    {
      card_number: '4111111111111111',
      holder_name: 'Ana López',
      expiration_year: '29',
      expiration_month: '07',
      cvv2: '123',
    },
    {
      card_number: '4111111111111111',
      holder_name: 'Ana López',
      expiration_year: '2029',
      expiration_month: '07',
      cvv2: '123',
    },
  ],
  ['keypad key message', KeypadMessage, { key: 'hash' }, { key: '#' }],
  ['keypad sign-in message (the token first)', KeypadSignIn, { token: 'tok-1' }, { token: '' }],
  ['keypad ready answer', KeypadReady, { ready: true }, { ready: false }],
  [
    'RFID device request (key lower-cased)',
    CreateRfidRequest,
    { name: 'Gafete', rfid_id: '0012345678', rfid_key: 'a1b2c3d4' },
    { name: 'Gafete', rfid_id: '0012345678', rfid_key: 'A1B2C3D4' },
  ],
];

describe('spec §3 entities', () => {
  it.each(rows)('%s accepts a realistic example', (_, schema, example) => {
    expect(z.safeParse(schema, example).success).toBe(true);
  });

  it.each(rows)('%s rejects a malformed one', (_, schema, __, broken) => {
    expect(z.safeParse(schema, broken).success).toBe(false);
  });

  it.each(rows)('%s ignores unknown extra fields the provider adds', (_, schema, example) => {
    const parsed = z.safeParse(schema, { ...example, added_by_provider_later: 'x' });
    expect(parsed.success && 'added_by_provider_later' in (parsed.data as object)).toBe(false);
    expect(parsed.success).toBe(true);
  });
});

describe('spec §3 enumerations', () => {
  it('knows exactly the card brands mastercard, american_express, visa and edenred', () => {
    expect(CreditCard.shape.brand.options).toEqual(['mastercard', 'american_express', 'visa', 'edenred']);
  });

  it('knows exactly the seven pending card link statuses of spec §4', () => {
    expect(PendingCardLinkStatus.options).toEqual([
      'in_progress',
      'waiting',
      'authenticated',
      'linked',
      'failed',
      'expired',
      'error',
    ]);
  });

  it('accepts another status text from the server, which the link flow shows as an error (spec §8)', () => {
    expect(z.safeParse(PendingCardLink, { ...examples.cardLink, status: 'Internal Server Error' }).success).toBe(true);
  });

  it('offers the genders Hombre, Mujer and Otro', () => {
    expect(Gender.options).toEqual(['Hombre', 'Mujer', 'Otro']);
  });

  it('accepts an unknown delivery status, which the deal flow handles (spec §4 "anything else")', () => {
    expect(z.safeParse(Deal, { ...examples.deal, delivery_status: 99 }).success).toBe(true);
  });

  it('accepts an error message given as a field map (spec §7 error.message.email)', () => {
    expect(z.safeParse(ErrorObject, { message: { email: ['ya está en uso'] } }).success).toBe(true);
  });
});
