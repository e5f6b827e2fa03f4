import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { TimelineStep } from '../domain/timeline.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in when an insert leaves it out. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** What a dev script decides for a machine: a deal's statuses, a card link's, or a refused deal. */
/** A file an outbox e-mail carried. */
export interface OutboxAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}

export type MachineScriptKind = 'deal' | 'card_link' | 'deal_error';

export interface AutoTopUpColumn {
  enabled: boolean;
  threshold: number;
  amount: number;
  credit_card_id?: number | null;
}

export type BalanceRefundStatus = 'requested' | 'sent' | 'done' | 'refused';

/** Issue 36: what a ledger entry is. */
export type LedgerKind =
  | 'seed'
  | 'top_up'
  | 'deal'
  | 'refund'
  | 'stamp'
  | 'stamp_back'
  | 'reward'
  | 'reward_withdrawn'
  | 'reward_used'
  | 'reward_returned'
  | 'bonus'
  | 'bonus_spent'
  | 'bonus_returned'
  | 'bonus_refund'
  /** Issue 37 point 4: a balance refund's hold (negative), and what of it came back when a part was refused. */
  | 'balance_refund'
  | 'balance_refund_back'
  /** A balance refund takes back the unspent bonus its money earned, and gives it back if a part is refused. */
  | 'bonus_withdrawn'
  | 'bonus_restored';
export type LedgerPocket = 'own' | 'bonus' | 'stamps' | 'rewards';
export interface BonusTierColumn {
  from: number;
  percent: number;
}

export interface CampaignColumn {
  cta_button_text: string | null;
  cta_image_url: string | null;
  cta_text: string | null;
  cta_url: string | null;
  /** Members without an email are sent here first (spec §8 code -11). */
  requirement_url: string | null;
}

export interface Tables {
  server_secrets: { name: string; value: string };
  members: {
    id: Generated<number>;
    country: string;
    phone: string;
    name: string | null;
    email: string | null;
    birth_date: string | null;
    gender: string | null;
    facebook_uid: string | null;
    rfid_key: string | null;
    rfid_id: string | null;
    email_confirmation_sent_at: NullableTimestamp;
    /** When the member opened the link sent to `email` (issue 35 point 4); a changed address clears it. */
    email_confirmed_at: NullableTimestamp;
    /** The language the member last used (a request's `locale`): e-mails are written in it. */
    locale: 'es' | 'en' | null;
    /** "Send me every receipt" (issue 35 point 4): each receipt e-mailed as it is issued, while `email` is confirmed. */
    receipts_by_email: Generated<boolean>;
    auto_top_up: JSONColumnType<AutoTopUpColumn> | null;
    created_at: DefaultedTimestamp;
    /** Issue 37 point 4: when the profile's name last changed; a SPEI refund to an account in it waits a week. */
    name_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  sessions: {
    token_hash: string;
    member_id: number;
    created_at: DefaultedTimestamp;
    revoked_at: NullableTimestamp;
  };
  otp_codes: {
    id: Generated<number>;
    country: string;
    phone: string;
    code_hash: string;
    ip: string;
    created_at: DefaultedTimestamp;
    expires_at: Timestamp;
    /** Checks naming this code's challenge taken against it, right or wrong (at most otpRules.checksPerCode). */
    checks: Generated<number>;
    /** Checks without a challenge taken against it (at most otpRules.openChecksPerCode). */
    open_checks: Generated<number>;
    /** sha256 of the challenge its send answered; null for codes sent before challenges. */
    challenge_hash: string | null;
    used_at: NullableTimestamp;
    killed_at: NullableTimestamp;
  };
  /** The link of a member's confirmation e-mail: one a member, a newer one replacing it (issue 35 point 4). */
  email_confirmations: {
    member_id: number;
    /** sha256 of the token the link carries. */
    token_hash: string;
    /** The address (lowercase) the link was sent to: it confirms that one only. */
    email: string;
    expires_at: Timestamp;
    created_at: DefaultedTimestamp;
  };
  /** The e-mails sent, kept for /__dev/mail where the dev control is on. */
  mail_outbox: {
    id: Generated<number>;
    to_address: string;
    kind: string;
    subject: string;
    text_body: string;
    html_body: string;
    /** Issue 37 point 3: the files sent with it (an invoice's XML and PDF), base64; none for older rows. */
    attachments: ColumnType<OutboxAttachment[] | null, string | undefined, string>;
    created_at: DefaultedTimestamp;
  };
  sms_outbox: {
    id: Generated<number>;
    to_phone: string;
    body: string;
    code: string;
    created_at: DefaultedTimestamp;
  };
  ledger_entries: {
    id: Generated<number>;
    member_id: number;
    amount_cents: number;
    currency: string;
    kind: LedgerKind;
    reference: string;
    created_at: DefaultedTimestamp;
    /** Issue 36: the member's own money, or the bonus credit, stamps or rewards a program gave. */
    pocket: ColumnType<LedgerPocket, LedgerPocket | undefined, never>;
    /** The reward program a stamp, reward or bonus movement belongs to. */
    program_id: ColumnType<number | null, number | null | undefined, never>;
    /** The stamp card (1-based per member and program) a stamp or reward movement belongs to. */
    card: ColumnType<number | null, number | null | undefined, never>;
    /** A bonus movement's grant (its lot): what is left of a grant is the grant plus its movements. */
    lot_id: ColumnType<number | null, number | null | undefined, never>;
    /** A bonus grant's end: none of it is spent after. */
    expires_at: ColumnType<Date | null, Date | string | null | undefined, never>;
  };
  /** Issue 36: who runs machines, and the reward programs at them. */
  operators: { id: Generated<number>; name: string };
  reward_programs: {
    id: Generated<number>;
    operator_id: number;
    /** null: every machine of the operator. */
    machine_id: number | null;
    kind: 'stamp_card' | 'top_up_bonus';
    name: string;
    currency: string;
    starts_at: Timestamp;
    ends_at: NullableTimestamp;
    /** How long after ends_at what members earned stays usable. */
    keep_days: number;
    stamps_needed: number | null;
    min_price_cents: number | null;
    reward_cap_cents: number | null;
    /** Top-up bonus tiers: from (whole units of the currency) and percent. */
    tiers: JSONColumnType<BonusTierColumn[]> | null;
    bonus_days: number | null;
    created_at: DefaultedTimestamp;
  };
  credit_cards: {
    id: Generated<number>;
    member_id: number;
    brand: string;
    last4: string;
    holder_name: string;
    provider_token: string;
    created_at: DefaultedTimestamp;
    deleted_at: NullableTimestamp;
  };
  machines: {
    id: Generated<number>;
    name: string;
    status: 'online' | 'offline';
    image_url: string | null;
    contact_info: string | null;
    direct_payment: boolean;
    has_rfid: boolean;
    has_remote_rfid: boolean;
    connect_to_machine_timeout: number;
    user_type_timeout: number;
    bring_near_rfid_timeout: number;
    automatic_delivery: boolean;
    currency_iso: string;
    country_iso: string;
    minimun_top_up_cents: number;
    mobile_keyboard_type: string | null;
    campaign: JSONColumnType<CampaignColumn> | null;
    /** Issue 36: who runs it (whose reward programs it takes part in). */
    operator_id: number;
  };
  banners: { id: Generated<number>; machine_id: number; banner_type: string; url: string; position: number };
  categories: { id: Generated<number>; name: string; display_name: string; priority_order: number };
  products: {
    id: Generated<number>;
    machine_id: number;
    name: string;
    price_cents: number;
    photo_url: string | null;
    thumbnail_url: string | null;
    description: string | null;
    upc: string | null;
    user_code: string;
    sellable: boolean;
    serviceable: boolean;
    sampleable: boolean;
    sample_price_cents: number | null;
    nutritional_information_image_url: string | null;
    category_id: number | null;
    payable_by_card: boolean;
    /** Units the machine holds that no deal has reserved; null where the machine does not count them (issue 35 point 1). */
    stock: ColumnType<number | null, number | null | undefined, number | null>;
  };
  deals: {
    id: Generated<number>;
    member_id: number;
    machine_id: number;
    product_id: number | null;
    user_code: string;
    sale_type_code: number;
    any_product: boolean;
    locale: string;
    price_cents: number;
    credit_card_id: number | null;
    delivery_status: number;
    timeline: JSONColumnType<TimelineStep[]>;
    started_at: Timestamp;
    settled_at: NullableTimestamp;
    charged_cents: Generated<number>;
    created_at: DefaultedTimestamp;
    /** The Idempotency-Key of the request that made it: a replay after a crash finds it instead of buying again. */
    idempotency_key: string | null;
    /** Still 1 this long after its start, the deal ends as a communication failure (the machine's timeout). */
    connect_timeout_ms: ColumnType<number, number | undefined, number>;
    /** Its machine's currency: the balance its price is held in and charged to (issue 32 point 5). */
    currency: ColumnType<string, string | undefined, string>;
    /** It reserved one unit of its product's stock: taken on delivery, given back otherwise (issue 35 point 1). */
    holds_unit: ColumnType<
      boolean,
      boolean | undefined,
      boolean
    > /** Issue 36: the stamp card whose reward the purchase uses, and the card (number) it took the reward of. */;
    reward_program_id: ColumnType<number | null, number | null | undefined, number | null>;
    reward_card: ColumnType<number | null, number | null | undefined, number | null>;
    /** The product's price before a reward; null when the purchase used none. */
    list_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
    /** Bonus credit reserved as it was made (spent after the member's own money). */
    bonus_cents: ColumnType<number, number | undefined, number>;
    /** Bonus credit its settlement spent (the rest went back to its grants). */
    bonus_charged_cents: ColumnType<number, number | undefined, number>;
  };
  /** Issue 35 point 2: a member to be told when a sold-out product is back, until they cancel or it expires. */
  restock_alerts: {
    id: Generated<number>;
    member_id: number;
    product_id: number;
    created_at: Timestamp;
    expires_at: Timestamp;
  };
  machine_visits: { member_id: number; machine_id: number; visited_at: Timestamp };
  idempotency_keys: {
    member_id: number;
    key: string;
    request_hash: string;
    state: 'running' | 'done';
    status_code: number | null;
    body: JSONColumnType<object> | null;
    created_at: DefaultedTimestamp;
    /** A running key belongs to its first request until then; a replay after it takes over. */
    lease_until: NullableTimestamp;
  };
  top_ups: {
    id: Generated<number>;
    member_id: number;
    amount_cents: number;
    currency: string;
    /** charging: the intent to charge a card, written before the provider is asked. */
    status: 'charging' | 'pending' | 'paid' | 'failed';
    method: 'card' | 'redirect' | 'reference' | 'direct_payment' | 'auto' | 'spei';
    credit_card_id: number | null;
    reference: string | null;
    /** The order id the provider knows the charge by: asking twice for one order charges once. */
    order_id: string | null;
    /** Why the provider refused a failed card charge. */
    decline: string | null;
    created_at: DefaultedTimestamp;
    paid_at: NullableTimestamp;
    /** The machine it was made for, whose currency it loads (issue 32 point 5); null when it named none. */
    machine_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** Issue 37 point 1: until when a store reference can be paid; null for the other methods. */
    expires_at: NullableTimestamp;
  };
  member_configurations: { member_id: number; display_rating_modal: boolean };
  ratings: { id: Generated<number>; member_id: number; rating: number; created_at: DefaultedTimestamp };
  messages: {
    id: Generated<number>;
    member_id: number | null;
    title: string | null;
    summary: string | null;
    description: string | null;
    image_url: string | null;
    action_button_text: string | null;
    action_url: string | null;
  };
  rfids: {
    id: Generated<number>;
    member_id: number;
    name: string;
    rfid_id: string;
    rfid_key: string;
    created_at: DefaultedTimestamp;
  };
  card_links: {
    id: Generated<number>;
    member_id: number;
    machine_id: number;
    status: string;
    rfid_key: string | null;
    user_code: string;
    timeline: JSONColumnType<TimelineStep[]>;
    started_at: Timestamp;
    cancelled_at: NullableTimestamp;
  };
  problem_reports: {
    id: Generated<number>;
    deal_id: number;
    member_id: number;
    reason: 'not_delivered' | 'wrong_product' | 'other';
    comment: string | null;
    refunded_cents: Generated<number>;
    outcome: 'refunded' | 'in_review' | 'recorded';
    created_at: DefaultedTimestamp;
  };
  machine_scripts: {
    id: Generated<number>;
    machine_id: number;
    /** Only this member's next deal or link takes it; null: anyone's. */
    member_id: number | null;
    /** `deal` and `card_link` hold timeline steps; `deal_error` an error object for the next buy. */
    kind: MachineScriptKind;
    payload: JSONColumnType<object>;
  };
  provider_tokens: {
    id: string;
    brand: string;
    last4: string;
    holder_name: string;
    /** Which published test card this was: decides the provider's answer, never the number itself. */
    outcome: 'approved' | 'insufficient_funds' | 'expired' | 'stolen';
    created_at: DefaultedTimestamp;
  };
  /** The emulated card provider's own record of charges, by the merchant's order id. */
  provider_charges: {
    order_id: string;
    token: string;
    amount_cents: number;
    charge_id: string | null;
    decline: string | null;
    created_at: DefaultedTimestamp;
  };
  /**
   * Issue 35 point 3: the receipt of a delivered deal or a credited top-up, by its reference's kind and
   * id. `number` comes from the sequence receipt_folios; the folio is `prefix` and that number.
   */
  receipts: {
    kind: 'deal' | 'top_up';
    reference_id: number;
    member_id: number;
    prefix: string;
    /** A bigint: the driver may answer it as text. */
    number: ColumnType<string | number, number | string, never>;
    issued_at: Timestamp;
    created_at: DefaultedTimestamp;
  };
  /** A member's purchase being made: one at a time, across every API process. */
  buy_locks: { member_id: number; holder: string; lease_until: Timestamp };
  /** rate-limiter-flexible's PostgreSQL store, shared by every API process. */
  rate_limits: { key: string; points: number; expire: number | null };
  voucher_codes: {
    code_hash: string;
    created_at: DefaultedTimestamp;
    used_at: NullableTimestamp;
  };
  /** The last keys each machine's keypad received, whichever process took them (at most 50 a machine). */
  keypad_keys: { id: Generated<number>; machine: string; key: string; pressed_at: DefaultedTimestamp };
  /**
   * Who holds each machine's keypad: a row per process with sockets open on it (`holder`), for one
   * member only; refreshed every keypad heartbeat, so a process that died frees the machine.
   */
  keypad_leases: { id: string; machine: string; member_id: number; holder: string; lease_until: Timestamp };
  /** Issue 37 point 2: the member's personal CLABE, one each, never another's. */
  spei_accounts: { member_id: number; clabe: string; created_at: DefaultedTimestamp };
  /**
   * Each SPEI transfer the bank told of, once by its tracking key: what it credited (the top-up it made, none when
   * all of it was returned) and what went back to the sender past the daily cap.
   */
  spei_deposits: {
    tracking_key: string;
    member_id: number;
    clabe: string;
    amount_cents: number;
    credited_cents: number;
    returned_cents: number;
    top_up_id: number | null;
    sender_name: string;
    sender_bank: string;
    sent_at: Timestamp;
    received_at: Timestamp;
  };
  /** Issue 37 point 3: the member's tax profile, what invoices are made out to (one each). */
  tax_profiles: {
    member_id: number;
    rfc: string;
    name: string;
    postal_code: string;
    tax_regime: string;
    cfdi_use: string;
    updated_at: DefaultedTimestamp;
  };
  /**
   * Each invoice asked for: pending while the PAC is asked, then issued (its folio fiscal and stamped XML) or
   * failed (why, and SAT's code); at most one pending or issued per top-up.
   */
  invoices: {
    id: Generated<number>;
    member_id: number;
    top_up_id: number;
    status: 'pending' | 'issued' | 'failed';
    uuid: string | null;
    series: string;
    folio: Generated<number>;
    subtotal_cents: number;
    iva_cents: number;
    total_cents: number;
    currency: string;
    failure: string | null;
    failure_detail: string | null;
    xml: string | null;
    /** The issuer's sealed document the claim sent the PAC, and what it was built from (a retry resends it). */
    sealed_xml: string | null;
    sealed_for: string | null;
    /** The sealed document's Fecha. */
    sealed_at: NullableTimestamp;
    /** The claim of the request asking the PAC: only its answer is stored. */
    claim: string | null;
    requested_at: Timestamp;
    issued_at: NullableTimestamp;
    emailed_at: NullableTimestamp;
  };
  /** The emulated SAT register the emulated PAC checks a receptor against. */
  sat_taxpayers: { rfc: string; name: string; postal_code: string; regimes: string[] };
  /** Switches the dev control sets, seen by every replica: `pac_available`. */
  dev_switches: { name: string; value: boolean };
  /** Issue 37 point 4: the member's own money given back, held out of the balance from the request. */
  balance_refunds: {
    id: Generated<number>;
    member_id: number;
    currency: string;
    /** A bigint: the driver may answer it as text. */
    amount_cents: ColumnType<string | number, number, never>;
    status: BalanceRefundStatus;
    refusal: string | null;
    /** The request's Idempotency-Key: a replay finds this refund instead of asking again. */
    idempotency_key: string | null;
    requested_at: Timestamp;
    sent_at: NullableTimestamp;
    done_at: NullableTimestamp;
    /** Of the amount held, what stays with the operator for bonus credit already spent (bonusClawback). */
    bonus_kept_cents: ColumnType<string | number, number | undefined, number>;
  };
  /** Where a balance refund goes: each card its own part, the rest in one SPEI part. */
  balance_refund_parts: {
    id: Generated<number>;
    balance_refund_id: number;
    position: number;
    way: 'card' | 'spei';
    amount_cents: ColumnType<string | number, number, never>;
    status: BalanceRefundStatus;
    refusal: string | null;
    credit_card_id: number | null;
    card_brand: string | null;
    card_last4: string | null;
    clabe: string | null;
    holder: string | null;
    /** The SPEI part's clave de rastreo, given when it is sent. */
    tracking_key: string | null;
  };
  /** How much of each top-up a part gives back (top_up_id null: own money no top-up explains). */
  balance_refund_shares: {
    part_id: number;
    top_up_id: number | null;
    /** What goes out of this top-up's money (a bigint: the driver may answer it as text). */
    amount_cents: ColumnType<string | number, number, never>;
    /** Held but kept for bonus credit this top-up earned and the member already spent. */
    kept_cents: ColumnType<string | number, number | undefined, never>;
    /** The top-up's unspent bonus withdrawn with it, from lot `lot_id`. */
    bonus_cents: ColumnType<string | number, number | undefined, never>;
    lot_id: ColumnType<number | null, number | null | undefined, never>;
  };
  /** The emulated card provider's refunds, once by the merchant's refund id. */
  provider_refunds: {
    refund_id: string;
    order_id: string;
    amount_cents: ColumnType<string | number, number, never>;
    decline: string | null;
    created_at: DefaultedTimestamp;
  };
  /** The emulated bank's outgoing SPEI transfers, once by tracking key. */
  spei_transfers_out: {
    tracking_key: string;
    clabe: string;
    holder: string;
    amount_cents: ColumnType<string | number, number, never>;
    created_at: DefaultedTimestamp;
  };
}
