import type * as z from 'zod/mini';
import type { CallDef, Calls } from './calls.ts';
import { examples } from './examples.ts';

type Schema = z.core.$ZodType;

/** A realistic value, typed as the wire carries it, and one the contract must refuse. */
interface GoodAndBad<S extends Schema> {
  readonly good: z.input<S>;
  readonly bad: unknown;
}

/** Examples for one call: a body only where it takes one, an answer only where it has one. */
type CallExample<C extends CallDef> = {
  readonly body?: C extends { readonly body: infer S extends Schema } ? GoodAndBad<S> : never;
  readonly response?: C extends { readonly response: infer S extends Schema } ? GoodAndBad<S> : never;
};

const profile = {
  name: 'Ana López',
  gender: 'Mujer' as const,
  email: 'ana@example.mx',
  birth_date: '1990-04-12',
  facebook_uid: '12345678',
};

/** Issue 37 point 3: SAT's test taxpayer, a persona física under regime 612 asking for G03 (gastos en general). */
const taxProfile = {
  rfc: 'XIQB891116QE4',
  name: 'BERENICE XIMO QUEZADA',
  postal_code: '40968',
  tax_regime: '612',
  cfdi_use: 'G03',
};

/** One example of every call of spec §7; tests of the contract and of the client share them. */
export const callExamples = {
  getMember: { response: { good: { community_member: examples.member }, bad: { community_member: { id: 17 } } } },
  requestCode: {
    body: { good: { phone: '5512345678', countries: '+52' }, bad: { phone: '55123', countries: '+52' } },
    response: { good: { challenge: 'q3Vx9Zr0bM2kT7wLpA4sHc' }, bad: { challenge: '' } },
  },
  confirmCode: {
    body: {
      good: { phone: '5512345678', countries: '+52', verify_code: '4821', challenge: 'q3Vx9Zr0bM2kT7wLpA4sHc' },
      bad: { phone: '5512345678', countries: '+52', verify_code: '48a1' },
    },
    response: {
      good: { community_member: examples.member },
      bad: { community_member: { ...examples.member, auth_token: null } },
    },
  },
  updateMember: {
    body: { good: { ...profile, locale: 'es', send_receipts: true }, bad: { ...profile, locale: 'fr' } },
  },
  confirmEmail: {
    body: { good: { token: 'Xq2v9Zr0bM2kT7wLpA4sHcJ8nE5uYd1gF6iK3oR7tWm' }, bad: { token: 'not a token?' } },
  },
  endSession: {},
  listCards: { response: { good: { credit_cards: [examples.card] }, bad: { credit_cards: [{ id: 3 }] } } },
  addCard: {
    body: {
      good: { token: 'tok_8f3a2b1c', device_session_id: 'dev_77', holder_name: 'Ana López', brand_name: 'visa' },
      bad: { token: 'tok_8f3a2b1c', device_session_id: 'dev_77', holder_name: 'Ana López', brand_name: 'diners' },
    },
    response: { good: { credit_card: examples.card }, bad: { credit_card: { ...examples.card, brand: 'diners' } } },
  },
  deleteCard: {},
  addVoucherCard: {
    body: { good: { code: 'edr_code_19' }, bad: { code: '' } },
    response: {
      good: { credit_card: { id: 8, card_number: '************0042', brand: 'edenred' } },
      bad: { credit_card: null },
    },
  },
  listBalances: { response: { good: { balances: [examples.balance] }, bad: { balances: [{ amount: 150 }] } } },
  createTopUp: {
    body: {
      good: { credit_card_id: 3, amount: 100, currency: 'MXN', cvv: '123', update_cvv: false, with_redirect: false },
      bad: { credit_card_id: 3, amount: 100.5, currency: 'MXN', cvv: '123', update_cvv: false, with_redirect: false },
    },
    response: { good: { top_up: examples.topUp }, bad: { top_up: { ...examples.topUp, status: 'maybe' } } },
  },
  createRedirectTopUp: {
    body: { good: { amount: 200, currency: 'MXN' }, bad: { amount: 200.5, currency: 'MXN' } },
    response: { good: { url: 'https://pay.example.mx/checkout/abc' }, bad: { url: 42 } },
  },
  createReferenceTopUp: {
    body: { good: { amount: 200, currency: 'MXN' }, bad: { amount: '200', currency: 'MXN' } },
    response: { good: { payment_reference: examples.paymentReference }, bad: { payment_reference: {} } },
  },
  updateAutoTopUp: {
    body: {
      good: { settings: { enabled: true, threshold: 50, amount: 100, credit_card_id: 3 } },
      bad: { settings: { enabled: 'yes', threshold: 50, amount: 100 } },
    },
    response: {
      good: { settings: { enabled: true, threshold: 50, amount: 100, credit_card_id: 3 } },
      bad: { settings: null },
    },
  },
  listDeals: { response: { good: { deals: [examples.deal] }, bad: { deals: [{ ...examples.deal, id: 'x' }] } } },
  getStatement: {
    response: {
      good: {
        entries: [
          { kind: 'deal', deal: examples.deal, refunded: 0, receipt: { kind: 'deal', id: 5001 } },
          {
            kind: 'top_up',
            top_up: {
              id: 31,
              amount: 100,
              currency: 'MXN',
              mode: 'card',
              outcome: 'paid',
              created_at: '2026-11-21T10:00:00Z',
            },
            receipt: { kind: 'top_up', id: 31 },
          },
        ],
        months: [{ month: '2026-11', spent: 18.5, topped_up: 100, currency: 'MXN' }],
        next_page: null,
        time_zone: 'America/Mexico_City',
      },
      bad: {
        entries: [{ kind: 'rent', receipt: null }],
        months: [{ month: '2026-13', spent: 0, topped_up: 0, currency: 'MXN' }],
        next_page: null,
        time_zone: 'America/Mexico_City',
      },
    },
  },
  createDeal: {
    body: {
      good: { user_code: '12', sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
      bad: { user_code: '12', sale_type_code: 1, origin: 'web', any_product: false, locale: 'es' },
    },
    response: { good: { deal: examples.deal }, bad: { deal: { ...examples.deal, delivery_status: 1.5 } } },
  },
  getDeal: { response: { good: { deal: examples.deal }, bad: { deal: {} } } },
  reportDealProblem: {
    body: { good: { reason: 'not_delivered', comment: 'No cayó el producto' }, bad: { reason: 'angry' } },
    response: {
      good: {
        problem_report: {
          id: 4,
          deal_id: 5001,
          reason: 'not_delivered',
          refunded: 18.5,
          outcome: 'refunded',
          created_at: '2026-11-21T13:05:00-06:00',
        },
      },
      bad: { problem_report: { id: 4 } },
    },
  },
  getDealReceipt: {
    response: {
      good: { receipt: examples.receipt },
      bad: { receipt: { ...examples.receipt, folio: 'ven-123' } },
    },
  },
  getTopUpReceipt: {
    response: {
      good: {
        receipt: {
          ...examples.receipt,
          kind: 'top_up',
          id: 31,
          machine: null,
          product: null,
          sale_type_code: null,
          price: null,
          amount: 200,
          payment: { method: 'reference', reference: '9300 1234 5678 9012' },
          balance_after: 350,
        },
      },
      bad: { receipt: { ...examples.receipt, payment: { method: 'cash' } } },
    },
  },
  emailDealReceipt: {},
  emailTopUpReceipt: {},
  getConfiguration: {
    response: { good: { community_member_configuration: examples.configuration }, bad: {} },
  },
  saveConfiguration: {
    body: { good: { displayRatingModal: false }, bad: { display_rating_modal: false } },
    response: { good: { community_member_configuration: { displayRatingModal: false } }, bad: { ok: true } },
  },
  createRating: {
    body: { good: { community_member_id: 17, rating: 5 }, bad: { community_member_id: 17, rating: 0 } },
    response: { good: { rating: examples.rating }, bad: { rating: { rating: 5 } } },
  },
  listMessages: {
    response: { good: { community_member_messages: [examples.message] }, bad: { community_member_messages: {} } },
  },
  listRecentMachines: {
    response: { good: { product_servers: [examples.recentMachine] }, bad: { product_servers: [{ id: 7 }] } },
  },
  findMachine: { response: { good: { product_server: { id: 7 } }, bad: { product_server: { id: '7' } } } },
  getMachine: {
    response: {
      good: { product_server: examples.machine },
      bad: { product_server: { ...examples.machine, country: { iso: 'MX' } } },
    },
  },
  listProducts: {
    response: { good: { product_server_items: [examples.product] }, bad: { product_server_items: [{ id: 101 }] } },
  },
  listPaymentProducts: {
    response: { good: { product_server_items: [examples.product] }, bad: { product_server_items: null } },
  },
  getProduct: {
    response: {
      good: { product_server_item: examples.product },
      bad: { product_server_item: { ...examples.product, price: 'gratis' } },
    },
  },
  listServices: {
    response: {
      good: {
        product_server_items: [
          { ...examples.product, id: 150, sell_options: { sellable: false, serviceable: true, sampleable: false } },
        ],
      },
      bad: { items: [] },
    },
  },
  listRfids: { response: { good: { community_member_rfids: [examples.rfid] }, bad: { community_member_rfids: [{}] } } },
  createRfid: {
    body: {
      good: { name: 'Gafete', rfid_id: '0012345678', rfid_key: 'a1b2c3d4' },
      bad: { name: 'Gafete', rfid_id: '12345', rfid_key: 'a1b2c3d4' },
    },
    response: {
      good: { community_member_rfid: examples.rfid, community_member_rfids: [examples.rfid] },
      bad: { community_member_rfids: [examples.rfid] },
    },
  },
  deleteRfid: {},
  createRestockAlert: {
    body: { good: { product_server_id: 7, product_id: 101 }, bad: { product_server_id: 7 } },
    response: {
      good: { restock_alert: examples.restockAlert },
      bad: { restock_alert: { ...examples.restockAlert, back: 'yes' } },
    },
  },
  deleteRestockAlert: {},
  getCardLink: {
    response: {
      good: { pending_card_link: examples.cardLink },
      bad: { pending_card_link: { ...examples.cardLink, status: 7 } },
    },
  },
  createCardLink: {
    body: { good: { product_server_id: 7 }, bad: { product_server_id: 'demo' } },
    response: {
      good: { pending_card_link: { ...examples.cardLink, status: 'in_progress' } },
      bad: { pending_card_link: null },
    },
  },
  cancelCardLinks: {},
  listPendingTopUps: {
    response: {
      good: {
        pending_top_ups: [
          {
            id: 41,
            reference: '1234 5678 9012 3456',
            amount: 100,
            currency: 'MXN',
            status: 'pending',
            created_at: '2026-11-27T10:00:00-06:00',
            expires_at: '2026-11-30T10:00:00-06:00',
            credited_at: null,
            stores: ['OXXO', '7-Eleven'],
            instructions_url: 'https://vendo.example.mx/provider/references/1234567890123456',
          },
        ],
      },
      bad: { pending_top_ups: [{ id: 41, reference: '1234-5678', status: 'late' }] },
    },
  },
  getRewards: {
    response: {
      good: {
        programs: [examples.stampCard, examples.topUpBonus],
        bonus: [{ amount: 25, currency: 'MXN', operator_name: 'Vendo Demo', expires_at: '2027-02-25T12:00:00-06:00' }],
      },
      bad: { programs: [{ ...examples.stampCard, kind: 'points' }], bonus: [] },
    },
  },
  getSpeiAccount: {
    response: {
      good: { spei_account: examples.speiAccount },
      bad: { spei_account: { ...examples.speiAccount, clabe: '999180000000000010' } },
    },
  },
  createSpeiAccount: {
    response: {
      good: { spei_account: examples.speiAccount },
      bad: { spei_account: { ...examples.speiAccount, clabe: '99918000000000001' } },
    },
  },
  getTaxProfile: {
    response: { good: { tax_profile: taxProfile }, bad: { tax_profile: { ...taxProfile, postal_code: '4096' } } },
  },
  saveTaxProfile: {
    body: { good: taxProfile, bad: { ...taxProfile, rfc: '' } },
    response: { good: { tax_profile: taxProfile }, bad: { tax_profile: null } },
  },
  getTopUpInvoice: {
    response: {
      good: { invoice: examples.invoice, invoiceable_until: '2026-11-30T23:59:59.999-06:00' },
      bad: { invoice: { ...examples.invoice, status: 'cancelled' }, invoiceable_until: null },
    },
  },
  requestInvoice: {
    response: {
      good: { invoice: examples.failedInvoice },
      bad: { invoice: { ...examples.failedInvoice, failure: 'sat_said_no' } },
    },
  },
  getInvoiceFiles: {
    response: {
      good: {
        file_name: 'VEN-000009_5FB2822E',
        xml: '<?xml version="1.0"?><cfdi:Comprobante/>',
        pdf_base64: 'JVBERi0xLjc=',
      },
      bad: { file_name: '../etc/passwd', xml: '<x/>', pdf_base64: 'JVBERi0xLjc=' },
    },
  },
  emailInvoice: {},
  getBalanceRefundPlan: {
    response: {
      good: { plan: examples.balanceRefundPlan },
      bad: { plan: { ...examples.balanceRefundPlan, needs_clabe: 'yes' } },
    },
  },
  listBalanceRefunds: {
    response: {
      good: { balance_refunds: [examples.balanceRefund] },
      bad: { balance_refunds: [{ ...examples.balanceRefund, status: 'pending' }] },
    },
  },
  createBalanceRefund: {
    body: {
      good: { currency: 'MXN', amount: 350, clabe: '002010777777777770', holder_name: 'Ana López' },
      bad: { currency: 'MXN', amount: -5 },
    },
    response: {
      good: { balance_refund: { ...examples.balanceRefund, status: 'requested', sent_at: null } },
      bad: { balance_refund: { ...examples.balanceRefund, parts: [{ way: 'cash' }] } },
    },
  },
} satisfies { readonly [N in keyof Calls]: CallExample<Calls[N]> };
