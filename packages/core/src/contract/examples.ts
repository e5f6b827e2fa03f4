import type { BalanceRefund, BalanceRefundPlan } from './balance-refund.ts';
import type { CardTokenResponse, CreditCard } from './card.ts';
import type { Deal } from './deal.ts';
import type { ErrorObject } from './error.ts';
import type { Invoice } from './invoice.ts';
import type { Banner, ProductServer, RecentMachine } from './machine.ts';
import type { Balance, MemberConfiguration, PaymentReference, Rating, SignedInMember, TopUp } from './member.ts';
import type { CustomMessage } from './message.ts';
import type { ProductServerItem } from './product.ts';
import type { Receipt } from './receipt.ts';
import type { RestockAlert } from './restock.ts';
import type { RewardProgram } from './rewards.ts';
import type { MemberRfid, PendingCardLink } from './rfid.ts';
import type { SpeiAccount } from './spei.ts';

/** Each example typed as the contract reads it, so a test uses one as the entity it is, and a drift fails to compile. */
interface Examples {
  /** Signed in: a member as the confirm call returns it, with a token. */
  readonly member: SignedInMember;
  readonly card: CreditCard;
  readonly balance: Balance;
  readonly banner: Banner;
  readonly machine: ProductServer;
  readonly recentMachine: RecentMachine;
  readonly product: ProductServerItem;
  readonly deal: Deal;
  readonly message: CustomMessage;
  readonly rfid: MemberRfid;
  readonly cardLink: PendingCardLink;
  readonly restockAlert: RestockAlert;
  readonly error: ErrorObject;
  readonly configuration: MemberConfiguration;
  readonly rating: Rating;
  readonly topUp: TopUp;
  readonly paymentReference: PaymentReference;
  readonly cardToken: CardTokenResponse;
  readonly receipt: Receipt;
  readonly stampCard: RewardProgram;
  readonly topUpBonus: RewardProgram;
  readonly speiAccount: SpeiAccount;
  readonly invoice: Invoice;
  readonly failedInvoice: Invoice;
  readonly balanceRefund: BalanceRefund;
  readonly balanceRefundPlan: BalanceRefundPlan;
}

/**
 * Realistic wire examples of every entity, as the provider sends them. Tests
 * use them to pin the contract; they are not exported from the package.
 */
export const examples: Examples = {
  member: {
    id: 17,
    auth_token: 'b9d7c0f2a1e34d5c8f6a7b8c9d0e1f2a',
    name: 'Ana López',
    email: 'ana@example.mx',
    birth_date: '1990-04-12',
    gender: 'Mujer',
    balance: 150,
    phone: '5512345678',
    last_transaction: { amount: 18.5, date: '2026-11-02T13:05:00-06:00', description: 'Agua mineral 600 ml' },
    rfid_key: null,
    rfid_id: null,
    facebook_uid: '12345678',
    auto_top_up: { enabled: false, threshold: 50, amount: 100, credit_card_id: 3 },
  },
  card: { id: 3, card_number: '************1111', brand: 'visa' },
  balance: { amount: 150, currency: 'MXN' },
  banner: { id: 1, banner_type: 'image', url: 'https://cdn.example.mx/banners/otono.jpg' },
  machine: {
    id: 7,
    name: 'demo',
    status: 'online',
    image_url: 'https://cdn.example.mx/machines/demo.jpg',
    contact_info: 'soporte@example.mx',
    banners: [
      { id: 1, banner_type: 'image', url: 'https://cdn.example.mx/banners/otono.jpg' },
      { id: 2, banner_type: 'video', url: 'https://cdn.example.mx/banners/promo.mp4' },
    ],
    payment_settings: { direct_payment: true },
    has_rfid: false,
    has_remote_rfid: false,
    connect_to_machine_timeout: 60000,
    user_type_timeout: 30,
    bring_near_rfid_timeout: 20,
    settings: { automatic_delivery: false },
    country: { currency_iso: 'MXN', iso: 'MX', minimun_top_up: 50 },
    mobile_keyboard_type: 'numeric',
  },
  recentMachine: { id: 7, name: 'demo', status: 'online', image_url: null },
  product: {
    id: 101,
    name: 'Agua mineral 600 ml',
    price: 18.5,
    photo_url: 'https://cdn.example.mx/p/agua.jpg',
    thumbnail_url: 'https://cdn.example.mx/p/agua-thumb.jpg',
    description: 'Agua mineral con gas.',
    upc: '7501055300075',
    user_code: '12',
    sell_options: { sellable: true, serviceable: false, sampleable: false },
    sampling: null,
    nutritional_information_image_url: null,
    product_category: { name: 'bebidas', display_name: 'Bebidas', priority_order: 1 },
  },
  deal: {
    id: 5001,
    delivery_status: 1,
    payment_type: { code: 'balance', name: 'Saldo' },
    user_code: '12',
    cash_paid: 18.5,
    deal_date: '2026-11-21T10:15:00Z',
    product: { id: 101, name: 'Agua mineral 600 ml', photo_url: null, price: 18.5 },
    product_server_name: 'demo',
    sale_type_code: 2,
    cta_button_text: null,
    cta_image_url: null,
    cta_text: null,
    cta_url: null,
  },
  message: {
    id: 9,
    title: 'Nuevo horario',
    summary: 'La máquina del piso 3 se mueve al comedor.',
    description: 'A partir del lunes la encontrarás junto a la cafetería.',
    image_url: 'https://cdn.example.mx/m/comedor.jpg',
    action_button_text: 'Ver mapa',
    action_url: 'https://example.mx/mapa',
  },
  rfid: { id: 4, name: 'Gafete', rfid_key: 'a1b2c3d4', rfid_id: '0012345678' },
  cardLink: { id: 12, status: 'waiting', rfid_key: null, user_code: '4821' },
  restockAlert: {
    id: 9,
    product_id: 101,
    product_name: 'Yogur natural con granola 150 g',
    product_server_id: 7,
    product_server_name: 'demo',
    back: false,
    expires_at: '2026-12-21T13:05:00-06:00',
  },
  error: {
    error_code: -13,
    message: 'Correo corporativo requerido',
    description: 'Esta máquina es solo para empleados.',
    action_text: 'Registrar correo',
    redirect_url: 'https://example.mx/registro',
    cta_image_url: null,
    email_domain: 'empresa.mx',
    additional_information: 'Usa tu correo de la empresa.',
  },
  configuration: { displayRatingModal: true },
  rating: { id: 2, community_member_id: 17, rating: 5 },
  topUp: {
    id: 31,
    amount: 100,
    currency: 'MXN',
    status: 'paid',
    credit_card_id: 3,
    created_at: '2026-11-21T10:00:00Z',
  },
  paymentReference: {
    reference: '9300 1234 5678 9012',
    amount: 200,
    currency: 'MXN',
    expires_at: '2026-11-24T23:59:59Z',
    instructions_url: null,
  },
  cardToken: { id: 'tok_8f3a2b1c', card: { brand: 'visa', card_number: '411111XXXXXX1111' } },
  stampCard: {
    id: 1,
    kind: 'stamp_card',
    name: 'Tarjeta de sellos',
    operator_name: 'Vendo Demo',
    product_server_id: null,
    currency: 'MXN',
    starts_at: '2026-11-01T00:00:00-06:00',
    ends_at: null,
    kept_until: null,
    active: true,
    stamp_card: { stamps_needed: 8, min_price: 15, reward_cap: 25, stamps: 3, rewards: 0 },
  },
  topUpBonus: {
    id: 2,
    kind: 'top_up_bonus',
    name: 'Bono de recarga',
    operator_name: 'Vendo Demo',
    product_server_id: 7,
    currency: 'MXN',
    starts_at: '2026-11-01T00:00:00-06:00',
    ends_at: '2026-12-31T23:59:59-06:00',
    kept_until: '2027-01-30T23:59:59-06:00',
    active: true,
    top_up_bonus: {
      tiers: [
        { from: 200, percent: 5 },
        { from: 500, percent: 10 },
      ],
      valid_days: 90,
    },
  },
  receipt: {
    folio: 'VEN-000123',
    kind: 'deal',
    id: 5001,
    issued_at: '2026-11-21T04:15:20-06:00',
    time_zone: 'America/Mexico_City',
    machine: { id: 7, name: 'demo' },
    product: { name: 'Agua mineral 600 ml', user_code: '12' },
    sale_type_code: 2,
    price: 18.5,
    sample: false,
    amount: 18.5,
    currency: 'MXN',
    payment: { method: 'card', card_brand: 'visa', card_last4: '1111', reference: null },
    balance_after: 131.5,
  },
  speiAccount: { clabe: '999180000000000015', bank_name: 'Banco Emulado Vendo', beneficiary: 'Ana López' },
  invoice: {
    id: 9,
    top_up_id: 31,
    status: 'issued',
    uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
    series_folio: 'VEN-000009',
    total: 200,
    subtotal: 172.41,
    iva: 27.59,
    currency: 'MXN',
    failure: null,
    failure_detail: null,
    requested_at: '2026-11-21T10:02:11-06:00',
    issued_at: '2026-11-21T10:02:12-06:00',
    emailed_at: null,
  },
  failedInvoice: {
    id: 10,
    top_up_id: 32,
    status: 'failed',
    uuid: null,
    series_folio: null,
    total: 100,
    subtotal: 86.21,
    iva: 13.79,
    currency: 'MXN',
    failure: 'name_mismatch',
    failure_detail: 'CFDI40145',
    requested_at: '2026-11-21T10:05:40-06:00',
    issued_at: null,
    emailed_at: null,
  },
  balanceRefund: {
    id: 4,
    amount: 350,
    currency: 'MXN',
    status: 'sent',
    refusal: null,
    parts: [
      { way: 'card', card_brand: 'visa', card_last4: '4242', clabe_last4: null, amount: 200, status: 'done' },
      { way: 'spei', card_brand: null, card_last4: null, clabe_last4: '0004', amount: 150, status: 'sent' },
    ],
    bonus_kept: 0,
    requested_at: '2026-11-28T10:15:00-06:00',
    sent_at: '2026-11-28T10:15:02-06:00',
    done_at: null,
  },
  balanceRefundPlan: {
    currency: 'MXN',
    refundable: 350,
    parts: [
      { way: 'card', card_brand: 'visa', card_last4: '4242', amount: 200, why: [] },
      { way: 'spei', card_brand: null, card_last4: null, amount: 150, why: ['cash', 'card_deleted'] },
    ],
    needs_clabe: true,
    bonus_withdrawn: 10,
    bonus_kept: 0,
    month: { refunds_left: 2, amount_left: 4000 },
    minimum: 10,
  },
};
