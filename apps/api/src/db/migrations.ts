import { type Kysely, sql } from 'kysely';
import { type MarkedMigration, type MarkedMigrationProvider, recordMark } from './compatibility.ts';

/**
 * Versioned migrations, in order. Never edit a released one: add the next.
 *
 * A rolling deploy, or its rollback, runs servers of the release before on the schema a release
 * migrated (docs/operations.md, "Rolling back a release"), so migrations expand first and contract a
 * release later: a release only adds (marked `olderServersMayRun: true`) and stops using what it means
 * to remove; the release after it drops or renames that (marked `false`). `migrate` records each
 * migration's mark in the table schema_compatibility, where an older server, which does not know the
 * migration's code, reads it: it starts on a newer schema only when every migration it does not know
 * is marked true there.
 */
const migrations: Record<string, MarkedMigration> = {
  // 0001 to 0008 ran before any release had to run beside an older one, so no rollback ever read their
  // marks; 0009 recorded them all the same, saying what each did. Before 0001 there was no server at all.
  '0001_initial': {
    olderServersMayRun: false,
    async up(db: Kysely<unknown>) {
      await runStatements(
        db,
        `
        create table server_secrets (name text primary key, value text not null);

        create table members (
          id serial primary key,
          country text not null,
          phone text not null,
          name text, email text, birth_date date, gender text,
          facebook_uid text, rfid_key text, rfid_id text,
          email_confirmation_sent_at timestamptz,
          auto_top_up jsonb,
          created_at timestamptz not null default now(),
          unique (country, phone)
        );
        create unique index members_email on members (lower(email)) where email is not null;

        create table sessions (
          token_hash text primary key,
          member_id integer not null references members on delete cascade,
          created_at timestamptz not null default now(),
          revoked_at timestamptz
        );

        create table otp_codes (
          id serial primary key,
          country text not null, phone text not null,
          code_hash text not null, ip text not null,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          wrong_checks integer not null default 0,
          used_at timestamptz, killed_at timestamptz
        );
        create index otp_codes_phone on otp_codes (country, phone, created_at desc);
        create index otp_codes_ip on otp_codes (ip, created_at desc);

        create table phone_locks (
          country text not null, phone text not null,
          consecutive_failures integer not null default 0,
          locked_at timestamptz,
          primary key (country, phone)
        );

        create table sms_outbox (
          id serial primary key, to_phone text not null, body text not null, code text not null,
          created_at timestamptz not null default now()
        );
        create index sms_outbox_phone on sms_outbox (to_phone, id desc);

        create table ledger_entries (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          amount_cents integer not null,
          currency text not null,
          kind text not null check (kind in ('seed', 'top_up', 'deal', 'refund')),
          reference text not null,
          created_at timestamptz not null default now(),
          unique (kind, reference)
        );
        create index ledger_member on ledger_entries (member_id);

        create table credit_cards (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          brand text not null, last4 text not null, holder_name text not null,
          provider_token text not null,
          created_at timestamptz not null default now(),
          deleted_at timestamptz
        );

        create table machines (
          id serial primary key,
          name text not null unique,
          status text not null check (status in ('online', 'offline')),
          image_url text, contact_info text,
          direct_payment boolean not null, has_rfid boolean not null, has_remote_rfid boolean not null,
          connect_to_machine_timeout integer not null,
          user_type_timeout integer not null,
          bring_near_rfid_timeout integer not null,
          automatic_delivery boolean not null,
          currency_iso text not null, country_iso text not null, minimun_top_up_cents integer not null,
          mobile_keyboard_type text,
          campaign jsonb
        );

        create table banners (
          id serial primary key, machine_id integer not null references machines on delete cascade,
          banner_type text not null, url text not null, position integer not null
        );

        create table categories (
          id serial primary key, name text not null unique, display_name text not null, priority_order integer not null
        );

        create table products (
          id serial primary key,
          machine_id integer not null references machines on delete cascade,
          name text not null, price_cents integer not null check (price_cents >= 0),
          photo_url text, thumbnail_url text, description text, upc text, user_code text not null,
          sellable boolean not null, serviceable boolean not null, sampleable boolean not null,
          sample_price_cents integer,
          nutritional_information_image_url text,
          category_id integer references categories,
          payable_by_card boolean not null default false
        );
        create index products_machine on products (machine_id);

        create table deals (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          machine_id integer not null references machines,
          product_id integer references products,
          user_code text not null,
          sale_type_code integer not null check (sale_type_code in (2, 3, 4)),
          any_product boolean not null,
          locale text not null,
          price_cents integer not null,
          credit_card_id integer references credit_cards,
          delivery_status integer not null,
          timeline jsonb not null,
          started_at timestamptz not null,
          settled_at timestamptz,
          charged_cents integer not null default 0,
          created_at timestamptz not null default now()
        );
        create index deals_member on deals (member_id, id desc);
        create index deals_unsettled on deals (id) where settled_at is null;

        create table machine_visits (
          member_id integer not null references members on delete cascade,
          machine_id integer not null references machines on delete cascade,
          visited_at timestamptz not null,
          primary key (member_id, machine_id)
        );

        create table idempotency_keys (
          member_id integer not null references members on delete cascade,
          key text not null,
          request_hash text not null,
          state text not null check (state in ('running', 'done')),
          status_code integer,
          body jsonb,
          created_at timestamptz not null default now(),
          primary key (member_id, key)
        );

        create table top_ups (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          amount_cents integer not null check (amount_cents > 0),
          currency text not null,
          status text not null check (status in ('pending', 'paid', 'failed')),
          method text not null,
          credit_card_id integer references credit_cards,
          reference text unique,
          created_at timestamptz not null default now(),
          paid_at timestamptz
        );

        create table member_configurations (
          member_id integer primary key references members on delete cascade,
          display_rating_modal boolean not null
        );

        create table ratings (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          rating integer not null check (rating between 1 and 5),
          created_at timestamptz not null default now()
        );

        create table messages (
          id serial primary key,
          member_id integer references members on delete cascade,
          title text, summary text, description text, image_url text, action_button_text text, action_url text
        );

        create table rfids (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          name text not null, rfid_id text not null unique, rfid_key text not null,
          created_at timestamptz not null default now()
        );

        create table card_links (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          machine_id integer not null references machines,
          status text not null,
          rfid_key text, user_code text not null,
          timeline jsonb not null,
          started_at timestamptz not null,
          cancelled_at timestamptz
        );

        create table machine_scripts (
          id serial primary key,
          machine_id integer not null references machines on delete cascade,
          kind text not null check (kind in ('deal', 'card_link', 'deal_error')),
          payload jsonb not null
        );

        create table provider_tokens (
          id text primary key, brand text not null, last4 text not null, holder_name text not null,
          outcome text not null,
          created_at timestamptz not null default now()
        );

        create table voucher_codes (
          code_hash text primary key,
          created_at timestamptz not null default now(),
          used_at timestamptz
        );
      `,
      );
    },
  },
  '0002_member_scripts': {
    // A nullable column.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `alter table machine_scripts add column member_id integer references members on delete cascade`,
      );
    },
  },
  '0003_problem_reports': {
    // A new table.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `
        create table problem_reports (
          id serial primary key,
          deal_id integer not null unique references deals on delete cascade,
          member_id integer not null references members on delete cascade,
          reason text not null check (reason in ('not_delivered', 'wrong_product', 'other')),
          comment text,
          refunded_cents integer not null default 0,
          created_at timestamptz not null default now()
        )
      `,
      );
    },
  },
  '0004_trust': {
    // Renames otp_codes.wrong_checks and retypes amounts, which older servers read and write.
    olderServersMayRun: false,
    async up(db) {
      await runStatements(
        db,
        `
        alter table ledger_entries alter column amount_cents type bigint;
        alter table top_ups alter column amount_cents type bigint;

        alter table otp_codes rename column wrong_checks to checks;
        alter table phone_locks add column locked_until timestamptz;
        update phone_locks set locked_until = locked_at + interval '60 minutes' where locked_at is not null;

        alter table idempotency_keys add column lease_until timestamptz;

        alter table deals add column idempotency_key text;
        create unique index deals_idempotency on deals (member_id, idempotency_key) where idempotency_key is not null;

        alter table top_ups drop constraint top_ups_status_check;
        alter table top_ups add constraint top_ups_status_check check (status in ('charging', 'pending', 'paid', 'failed'));
        alter table top_ups add column order_id text unique;
        alter table top_ups add column decline text;
        create index top_ups_charging on top_ups (id) where status = 'charging';

        create table provider_charges (
          order_id text primary key,
          token text not null,
          amount_cents bigint not null,
          charge_id text,
          decline text,
          created_at timestamptz not null default now()
        );

        alter table problem_reports add column outcome text not null default 'recorded'
          check (outcome in ('refunded', 'in_review', 'recorded'));
        update problem_reports set outcome = 'refunded' where refunded_cents > 0;

        create table buy_locks (
          member_id integer primary key references members on delete cascade,
          holder text not null,
          lease_until timestamptz not null
        );

        create table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)
      `,
      );
    },
  },
  // The keypad across processes (issue 16 point 1): a machine's received keys and who holds its keypad
  // are rows every process reads, and a session revoked or deleted, by whatever writes it, is announced
  // to every process when the change commits, so their keypad sockets opened with it close.
  '0005_keypad_replicas': {
    // New tables, and triggers that only notify.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `
        create table keypad_keys (
          id bigserial primary key,
          machine text not null,
          key text not null,
          pressed_at timestamptz not null default now()
        );
        create index keypad_keys_machine on keypad_keys (machine, id desc);

        create table keypad_leases (
          id text primary key,
          machine text not null,
          member_id integer not null,
          holder text not null,
          lease_until timestamptz not null
        );
        create index keypad_leases_machine on keypad_leases (machine);
        create index keypad_leases_holder on keypad_leases (holder);

        create function vendo_session_ended() returns trigger language plpgsql as $$ begin perform pg_notify('vendo_session_ended', old.member_id::text); return null; end $$;
        create trigger sessions_revoked after update of revoked_at on sessions for each row
          when (new.revoked_at is not null) execute function vendo_session_ended();
        create trigger sessions_deleted after delete on sessions for each row execute function vendo_session_ended()
      `,
      );
    },
  },
  // Issue 32 point 6: a deal ends by its connect timeout even when its machine never answers. The
  // timeout is kept with the deal (the machine's when it was made); deals made before wait the default.
  '0006_deal_connect_timeout': {
    // A defaulted column.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(db, 'alter table deals add column connect_timeout_ms integer not null default 60000');
    },
  },
  // Issue 32 points 1 and 2: a code answers to the challenge its send handed out, and checks without one
  // are counted apart; the lock of a number after 100 wrong checks is gone (a stranger could set it off).
  '0007_sign_in_challenges': {
    // Drops phone_locks, which older servers read.
    olderServersMayRun: false,
    async up(db) {
      await runStatements(
        db,
        `
        alter table otp_codes add column challenge_hash text;
        alter table otp_codes add column open_checks integer not null default 0;
        drop table phone_locks
      `,
      );
    },
  },
  // Issue 32 point 5: a balance per currency. Every balance so far was read as pesos, so existing
  // entries and top-ups are MXN (their amounts were hundredths, as MXN's are); a deal holds its
  // machine's currency, and those made before hold MXN.
  '0008_balance_currencies': {
    // Older servers read every balance as pesos, whatever its currency.
    olderServersMayRun: false,
    async up(db) {
      await runStatements(
        db,
        `
        update ledger_entries set currency = 'MXN' where currency <> 'MXN';
        update top_ups set currency = 'MXN' where currency <> 'MXN';
        alter table deals add column currency text not null default 'MXN';
        create index ledger_entries_member_currency on ledger_entries (member_id, currency)
      `,
      );
    },
  },
  // Issue 33 point 4: each migration's mark kept in the database, where a server of an older release
  // reads the marks of migrations it has no code for. `migrate` records the mark of every migration
  // from this one on as it applies it; this one records those of the migrations before it.
  '0009_schema_compatibility': {
    // A new table.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        'create table schema_compatibility (migration text primary key, older_servers_may_run boolean not null)',
      );
      for (const [name, { olderServersMayRun }] of Object.entries(migrations)) {
        if (name < '0009') await recordMark(db, name, olderServersMayRun);
      }
    },
  },
  // Issue 35 point 1: what a machine still holds of each product (null where it is not counted, as for a
  // service), and which deals hold one of those units until they settle. Point 2: the members who asked
  // to be told when a sold-out product is back.
  '0010_stock': {
    // Only adds. An older server beside it sells without reserving, and leaves a unit it reserved held
    // past a failed delivery: the stock reads low, never high, until dev control or a restock sets it.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `
        alter table products add column stock integer check (stock >= 0);
        alter table deals add column holds_unit boolean not null default false;
        create table restock_alerts (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          product_id integer not null references products on delete cascade,
          created_at timestamptz not null,
          expires_at timestamptz not null,
          unique (member_id, product_id)
        );
        create index restock_alerts_expiry on restock_alerts (expires_at)
      `,
      );
    },
  },
  // Issue 35 point 4: e-mail. The member's last language and confirmed address, the link a confirmation
  // e-mail carries (its token hashed, one a member), and the dev outbox of the e-mails sent.
  '0011_mail': {
    // Nullable columns and new tables.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `
        alter table members add column locale text check (locale in ('es', 'en'));
        alter table members add column email_confirmed_at timestamptz;

        create table email_confirmations (
          member_id integer primary key references members on delete cascade,
          token_hash text not null unique,
          email text not null,
          expires_at timestamptz not null,
          created_at timestamptz not null default now()
        );

        create table mail_outbox (
          id serial primary key, to_address text not null, kind text not null, subject text not null,
          text_body text not null, html_body text not null,
          created_at timestamptz not null default now()
        );
        create index mail_outbox_to on mail_outbox (to_address, id desc)
      `,
      );
    },
  },
  // Issue 35 point 3: a receipt for every delivered purchase and credited top-up. Its folio's number comes
  // from a sequence of its own (never reset, a reset of the demo world included), taken the first time
  // the receipt is read; a top-up remembers the machine it was made for, whose country dates its receipt.
  '0012_receipts': {
    // Only adds. An older server beside it issues no receipts, and its top-ups name no machine (their
    // receipts are dated in the default zone).
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `
        create sequence receipt_folios;
        create table receipts (
          kind text not null check (kind in ('deal', 'top_up')),
          reference_id integer not null,
          member_id integer not null references members on delete cascade,
          prefix text not null,
          number bigint not null unique,
          issued_at timestamptz not null,
          created_at timestamptz not null default now(),
          primary key (kind, reference_id)
        );
        alter table top_ups add column machine_id integer references machines;
        create index top_ups_member on top_ups (member_id, created_at desc)
      `,
      );
    },
  },
  // Issue 35 point 4: "send me every receipt", a member's setting (off until they turn it on). The e-mails
  // themselves are jobs on the job queue, and the dev outbox is 0011's.
  '0013_receipt_mail': {
    // A column with a default. An older server beside it neither reads nor writes it: what it settles or
    // credits e-mails no receipt, and its profile saves leave the setting as it was.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(db, 'alter table members add column receipts_by_email boolean not null default false');
    },
  },
  // Issue 36: reward programs. Machines gain an operator (one made for the machines there are); an operator
  // runs stamp cards and top-up bonuses, per machine or for all its machines. Stamps, rewards and bonus
  // credit are ledger entries in pockets of their own beside the member's own money ('own'), so every
  // movement is as exact and as idempotent (unique kind, reference) as the balance.
  '0014_rewards': {
    // Only adds, yet it changes what older code reads: an older server sums every entry of a member as their
    // balance, so once a program has booked bonus credit or stamps it would count them as money (and it
    // inserts machines with no operator). A rollback past this release restores the database first.
    olderServersMayRun: false,
    async up(db) {
      await runStatements(
        db,
        `
        create table operators (id serial primary key, name text not null unique);
        insert into operators (name) select 'Vendo Demo' where exists (select 1 from machines);
        alter table machines add column operator_id integer references operators;
        update machines set operator_id = (select min(id) from operators);
        alter table machines alter column operator_id set not null;

        -- The bounds are the contract's rewardLimits as this release states them.
        create table reward_programs (
          id serial primary key,
          operator_id integer not null references operators on delete cascade,
          machine_id integer references machines on delete cascade,
          kind text not null check (kind in ('stamp_card', 'top_up_bonus')),
          name text not null check (length(name) between 1 and 80),
          currency char(3) not null,
          starts_at timestamptz not null,
          ends_at timestamptz check (ends_at is null or ends_at > starts_at),
          keep_days integer not null check (keep_days between 0 and 365),
          stamps_needed integer check (stamps_needed between 2 and 50),
          min_price_cents integer check (min_price_cents >= 0),
          reward_cap_cents integer check (reward_cap_cents > 0),
          tiers jsonb,
          bonus_days integer check (bonus_days between 1 and 730),
          created_at timestamptz not null default now(),
          check (kind <> 'stamp_card' or (stamps_needed is not null and min_price_cents is not null and reward_cap_cents is not null)),
          check (kind <> 'top_up_bonus' or (tiers is not null and jsonb_typeof(tiers) = 'array' and jsonb_array_length(tiers) between 1 and 3 and bonus_days is not null))
        );
        create index reward_programs_operator on reward_programs (operator_id);

        alter table ledger_entries add column pocket text not null default 'own' check (pocket in ('own', 'bonus', 'stamps', 'rewards'));
        alter table ledger_entries add column program_id integer references reward_programs on delete cascade;
        alter table ledger_entries add column card integer check (card >= 1);
        alter table ledger_entries add column lot_id bigint references ledger_entries (id) on delete cascade;
        alter table ledger_entries add column expires_at timestamptz;
        alter table ledger_entries drop constraint ledger_entries_kind_check;
        alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (
          'seed', 'top_up', 'deal', 'refund', 'stamp', 'stamp_back', 'reward', 'reward_withdrawn', 'reward_used',
          'reward_returned', 'bonus', 'bonus_spent', 'bonus_returned', 'bonus_refund'));
        create index ledger_entries_member_program on ledger_entries (member_id, program_id) where program_id is not null;
        create index ledger_entries_lot on ledger_entries (lot_id) where lot_id is not null;

        alter table deals add column reward_program_id integer references reward_programs on delete set null;
        alter table deals add column reward_card integer;
        alter table deals add column list_price_cents integer;
        alter table deals add column bonus_cents integer not null default 0 check (bonus_cents >= 0);
        alter table deals add column bonus_charged_cents integer not null default 0 check (bonus_charged_cents >= 0)
      `,
      );
    },
  },
  // Issue 37 point 2: SPEI transfers. A member's personal CLABE (one each, never shared: the unique column),
  // whose 11-digit account comes from a sequence so no number is handed out twice, even after a member is
  // gone; and each transfer the bank told of, once by its tracking key, with what was credited and what was
  // returned to the sender (the daily cap), and the top-up that credited it.
  '0015_spei': {
    // Only adds, yet an older server lists a SPEI top-up in the statement with a mode it does not know, and
    // its own contract check then refuses the member's whole statement. A rollback restores the database first.
    olderServersMayRun: false,
    async up(db) {
      await runStatements(
        db,
        `
        create sequence spei_account_numbers minvalue 1 maxvalue 99999999999 no cycle;
        create table spei_accounts (
          member_id integer primary key references members on delete cascade,
          clabe text not null unique check (clabe ~ '^[0-9]{18}$'),
          created_at timestamptz not null default now()
        );
        create table spei_deposits (
          tracking_key text primary key check (tracking_key ~ '^[A-Za-z0-9]{1,30}$'),
          member_id integer not null references members on delete cascade,
          clabe text not null,
          amount_cents bigint not null check (amount_cents > 0),
          credited_cents bigint not null check (credited_cents >= 0),
          returned_cents bigint not null check (returned_cents >= 0),
          top_up_id integer unique references top_ups on delete cascade,
          sender_name text not null,
          sender_bank text not null,
          sent_at timestamptz not null,
          received_at timestamptz not null,
          check (credited_cents + returned_cents = amount_cents)
        );
        create index spei_deposits_member_received on spei_deposits (member_id, received_at)
      `,
      );
    },
  },
  // Issue 37 point 1: a store reference's expiry is stored when it is issued (VENDO_REFERENCE_HOURS), so a
  // change of the setting never moves the expiry of references already handed out. Those issued before this
  // migration expire as they were told: 72 hours after they were made.
  '0016_reference_expiry': {
    // A nullable column. An older server beside it issues references without an expiry, which this release
    // reads as references that never expire (as every reference did before it).
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `
        alter table top_ups add column expires_at timestamptz;
        update top_ups set expires_at = created_at + interval '72 hours' where method = 'reference'
      `,
      );
    },
  },
  // Issue 37 point 3: invoices (CFDI 4.0) of top-ups. The member's tax profile (one each); each invoice asked for,
  // issued or failed, with its amounts to the cent and its stamped XML; at most one issued per top-up (the
  // partial unique index: two requests at the same moment stamp once), folios from a sequence so none repeats;
  // the emulated SAT register the emulated PAC checks a receptor against; and switches the dev control sets
  // (the PAC down or up) kept here so every replica sees them.
  '0017_invoices': {
    // Only adds tables no older server reads.
    olderServersMayRun: true,
    async up(db) {
      await runStatements(
        db,
        `
        create table tax_profiles (
          member_id integer primary key references members on delete cascade,
          rfc text not null check (rfc ~ '^[A-Z&Ñ]{3,4}[0-9]{6}[A-Z0-9]{3}$'),
          name text not null check (length(name) between 1 and 254),
          postal_code text not null check (postal_code ~ '^[0-9]{5}$'),
          tax_regime text not null check (tax_regime ~ '^[0-9]{3}$'),
          cfdi_use text not null check (length(cfdi_use) between 3 and 4),
          updated_at timestamptz not null default now()
        );
        create sequence invoice_folios minvalue 1 no cycle;
        create table invoices (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          top_up_id integer not null references top_ups on delete cascade,
          status text not null check (status in ('pending', 'issued', 'failed')),
          uuid text unique,
          series text not null,
          folio bigint not null unique default nextval('invoice_folios'),
          subtotal_cents bigint not null check (subtotal_cents > 0),
          iva_cents bigint not null check (iva_cents >= 0),
          total_cents bigint not null check (total_cents = subtotal_cents + iva_cents),
          currency text not null check (currency = 'MXN'),
          failure text,
          failure_detail text,
          xml text,
          -- The document sealed for the claim: a retry after pac_unavailable resends it as it was (same Fecha,
          -- same seal), so a PAC that stamped it unseen answers the same folio fiscal. sealed_for: what it was
          -- built from, to rebuild it only when that changed. sealed_at: its Fecha.
          sealed_xml text,
          sealed_for text,
          sealed_at timestamptz,
          -- The claim a request holds while it asks the PAC: its answer is stored only while the row still is it.
          claim text,
          requested_at timestamptz not null,
          issued_at timestamptz,
          emailed_at timestamptz,
          check ((status = 'issued') = (uuid is not null and xml is not null and issued_at is not null))
        );
        create unique index invoices_one_issued on invoices (top_up_id) where status = 'issued';
        create unique index invoices_one_open on invoices (top_up_id) where status in ('pending', 'issued');
        create index invoices_member on invoices (member_id, top_up_id);
        create table sat_taxpayers (
          rfc text primary key,
          name text not null,
          postal_code text not null check (postal_code ~ '^[0-9]{5}$'),
          regimes text[] not null
        );
        create table dev_switches (name text primary key, value boolean not null);
        alter table mail_outbox add column attachments jsonb
      `,
      );
    },
  },
  // Issue 37 point 4: balance refunds. A refund and its parts (each card its own, one SPEI part), the share of each
  // top-up a part gives back (so a top-up is never given back twice), the ledger kinds of the hold and of the money
  // given back, and the emulated card provider's and bank's records of what they were asked to pay out.
  '0018_balance_refunds': {
    // Only adds, yet an older server sums the hold's ledger kind it does not know into the balance as before (that
    // part is right) but lists no refunds and cannot give a hold back: a rollback restores the database first.
    olderServersMayRun: false,
    async up(db) {
      await runStatements(
        db,
        `
        alter table ledger_entries drop constraint ledger_entries_kind_check;
        alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (
          'seed', 'top_up', 'deal', 'refund', 'stamp', 'stamp_back', 'reward', 'reward_withdrawn', 'reward_used',
          'reward_returned', 'bonus', 'bonus_spent', 'bonus_returned', 'bonus_refund', 'balance_refund',
          'balance_refund_back', 'bonus_withdrawn', 'bonus_restored'));
        alter table members add column name_changed_at timestamptz;

        create table balance_refunds (
          id serial primary key,
          member_id integer not null references members on delete cascade,
          currency char(3) not null,
          amount_cents bigint not null check (amount_cents > 0),
          status text not null check (status in ('requested', 'sent', 'done', 'refused')),
          refusal text,
          idempotency_key text,
          requested_at timestamptz not null,
          sent_at timestamptz,
          done_at timestamptz,
          bonus_kept_cents bigint not null default 0 check (bonus_kept_cents >= 0),
          unique (member_id, idempotency_key)
        );
        create index balance_refunds_member on balance_refunds (member_id, requested_at desc);
        create index balance_refunds_open on balance_refunds (id) where status = 'requested';

        create table balance_refund_parts (
          id serial primary key,
          balance_refund_id integer not null references balance_refunds on delete cascade,
          position integer not null,
          way text not null check (way in ('card', 'spei')),
          amount_cents bigint not null check (amount_cents >= 0),
          status text not null check (status in ('requested', 'sent', 'done', 'refused')),
          refusal text,
          credit_card_id integer references credit_cards on delete set null,
          card_brand text,
          card_last4 text,
          clabe text check (clabe ~ '^[0-9]{18}$'),
          holder text,
          tracking_key text unique,
          check (way <> 'spei' or amount_cents = 0 or (clabe is not null and holder is not null)),
          unique (balance_refund_id, position)
        );

        create table balance_refund_shares (
          part_id integer not null references balance_refund_parts on delete cascade,
          top_up_id integer references top_ups on delete cascade,
          amount_cents bigint not null check (amount_cents >= 0),
          kept_cents bigint not null default 0 check (kept_cents >= 0),
          bonus_cents bigint not null default 0 check (bonus_cents >= 0),
          lot_id integer,
          check (amount_cents + kept_cents > 0)
        );
        create index balance_refund_shares_top_up on balance_refund_shares (top_up_id) where top_up_id is not null;
        create index balance_refund_shares_part on balance_refund_shares (part_id);

        create table provider_refunds (
          refund_id text primary key,
          order_id text not null,
          amount_cents bigint not null,
          decline text,
          created_at timestamptz not null default now()
        );
        create table spei_transfers_out (
          tracking_key text primary key,
          clabe text not null,
          holder text not null,
          amount_cents bigint not null check (amount_cents > 0),
          created_at timestamptz not null default now()
        )
      `,
      );
    },
  },
};

/** One statement per query: the extended protocol (PGlite, pg with parameters) takes no batches. */
async function runStatements(db: Kysely<unknown>, script: string) {
  const statements = script
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const migrationProvider: MarkedMigrationProvider = {
  getMigrations: async () => migrations,
};
