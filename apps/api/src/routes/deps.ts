import type { InvoicingPort } from '../cfdi/emulated-pac.ts';
import type { DevControl } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { InvoiceIssuer } from '../invoice-settings.ts';
import type { Logger } from '../log.ts';
import type { MailSender } from '../mail/mail-sender.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Cache } from '../services/cache.ts';
import type { DealSnapshot } from '../services/deal-cache.ts';
import type { KeypadHub } from '../services/keypad-hub.ts';
import type { CodeKey } from '../services/otp.ts';
import type { SessionCache } from '../services/session-cache.ts';
import type { FollowUps } from '../services/settlement.ts';
import type { CardProvider, ProviderBehaviour } from '../sim/card-provider.ts';
import type { MachineRunner } from '../sim/machine-runner.ts';
import type { SmsSender } from '../sim/sms.ts';
import type { VoucherProvider } from '../sim/voucher-provider.ts';

/**
 * Everything the routes need from the outside world, made once at the start (server.ts); tests swap
 * any of it. Each route hands a service only the part it uses.
 */
export interface Deps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sms: SmsSender;
  /** E-mail: the dev outbox where the dev control is on, and the SMTP server where one is set (issue 35 point 4). */
  readonly mail: MailSender;
  readonly cardProvider: CardProvider;
  readonly voucherProvider: VoucherProvider;
  readonly machines: MachineRunner;
  /** Where settling a deal leaves its automatic top-up (the job queue, durable on PostgreSQL). */
  readonly jobs: FollowUps;
  readonly keypads: KeypadHub;
  /** Deals as last read, answering polls while their timeline holds (services/deal-cache.ts). */
  readonly deals: Cache<number, DealSnapshot>;
  /** Who holds a token, kept while sign-outs are sure to be heard (services/session-cache.ts). */
  readonly sessions: SessionCache;
  /** Who may use the dev control endpoints. */
  readonly devControl: DevControl;
  /** Limits on what a client may repeat, counted in the database every process shares. */
  readonly limits: RateLimits;
  /** The key sign-in codes are hashed with: VENDO_CODE_SECRET, or in development the database's own. */
  readonly codeKey: CodeKey;
  /** The key the bank signs SPEI deposit notices with: VENDO_SPEI_SECRET, or in development the database's own. */
  readonly speiKey: () => Promise<string>;
  /** The operator's prefix of receipt folios (VENDO_RECEIPT_PREFIX). */
  readonly receiptPrefix: string;
  /** Hours a store reference can be paid, stored with it when issued (VENDO_REFERENCE_HOURS, issue 37 point 1). */
  readonly referenceHours: number;
  /** The key stores sign their payment notifications with: VENDO_STORE_SECRET, or in development one derived. */
  readonly storeKey: () => Promise<string>;
  /** Issue 37 point 3: the PAC invoices are stamped by (the emulated one), who issues them, and how long it is waited for. */
  readonly invoicing: InvoicingPort;
  readonly invoiceIssuer: InvoiceIssuer;
  readonly pacTimeoutMs?: number;
  /** The origin members reach the app at; every URL handed out starts with it (never the request's Host). */
  publicOrigin(): string;
  /** How long a keypad socket waits for its token, and how often an idle one is pinged. */
  readonly keypadTimings: { readonly signInSeconds: number; readonly heartbeatSeconds: number };
  /** How the emulated card provider answers (dev control makes it slow, to stop the server mid-charge). */
  readonly providerBehaviour: ProviderBehaviour;
  /** JSON lines with secrets redacted (log.ts); a test passes one that keeps its lines. */
  readonly log: Logger;
  /** This server's metric families (metrics/metrics.ts), counted where things happen; /metrics reads them. */
  readonly metrics: Metrics;
}
