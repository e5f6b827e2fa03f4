import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { type TextCaps, textCapDefaults } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { rateLimitStore } from '../services/rate-limit-store.ts';
import { addressGroup } from './client-address.ts';
import type { ProblemCode } from './messages.ts';
import { problem } from './problem.ts';

interface Limit {
  /** How many requests a key may make per window. */
  readonly points: number;
  readonly windowSeconds: number;
  /**
   * Counted per client address: scaled by ServerConfig.addressLimitsScale, and an IPv6 address counts
   * as its /64 (a client holding a /64 would otherwise have 2^64 fresh addresses).
   */
  readonly perAddress?: true;
  /**
   * A cap on the texts the server pays for: spent, new code sends pause (503 with Retry-After and
   * `code_sends_paused`, not 429: it is no fault of this client), and a log line says it tripped.
   */
  readonly pausesSends?: true;
  /** The refusal's own error code, where a client says more than "too many requests" (still 429). */
  readonly refusal?: ProblemCode;
}

/**
 * Every limit on what a client can repeat, each answered with 429 and Retry-After once spent (503 for
 * the caps on texts). Listed in the README ("Rules it keeps"); change both together.
 */
export const rateLimits = {
  /**
   * Sign-in codes texted to one number. With the daily cap and a code's 5 checks these bound the
   * guesses at one number (issue 32 point 2); strangers can use them up too (README says so).
   */
  codeSendsPerPhone: { points: 3, windowSeconds: 600 },
  codeSendsPerPhonePerDay: { points: 5, windowSeconds: 86_400 },
  /**
   * Sign-in codes asked for from one address, whatever the number: sized for a carrier NAT, where
   * many phones share one IPv4 address. The per-number limits carry the protection.
   */
  codeSendsPerAddress: { points: 200, windowSeconds: 600, perAddress: true },
  /** Code checks from one address, whatever the number: a carrier NAT's members, a few checks each. */
  codeConfirmsPerAddress: { points: 600, windowSeconds: 600, perAddress: true },
  /**
   * Texts to one destination country code per hour and per day, and to all of them (SMS pumping of
   * premium ranges): the server's settings, ServerConfig.textCaps (textSettings).
   */
  textsPerCountryPerHour: { points: textCapDefaults.perCountryPerHour, windowSeconds: 3_600, pausesSends: true },
  textsPerCountryPerDay: { points: textCapDefaults.perCountryPerDay, windowSeconds: 86_400, pausesSends: true },
  textsPerHour: { points: textCapDefaults.perHour, windowSeconds: 3_600, pausesSends: true },
  textsPerDay: { points: textCapDefaults.perDay, windowSeconds: 86_400, pausesSends: true },
  /** Cards tokenised by the provider emulation from one address: card testing is tried here first. */
  cardTokensPerAddress: { points: 10, windowSeconds: 600, perAddress: true },
  /** Cards one member saves. */
  cardAddsPerMember: { points: 5, windowSeconds: 3_600 },
  /** Top-ups one member asks for (by card, checkout page or store reference). */
  topUpsPerMember: { points: 10, windowSeconds: 600 },
  /** Deals one member makes. */
  dealsPerMember: { points: 30, windowSeconds: 600 },
  /**
   * Receipts one member reads (issue 35 point 3): the first read of each takes a folio, and every read
   * sums the member's ledger.
   */
  receiptsPerMember: { points: 120, windowSeconds: 600 },
  /**
   * Statement pages one member reads (issue 35 point 5): each sums the member's months over their whole
   * history.
   */
  statementPagesPerMember: { points: 120, windowSeconds: 600 },
  /**
   * Reward reads one member makes (issue 36): each sums the member's stamp cards and bonus lots of every
   * program.
   */
  rewardReadsPerMember: { points: 120, windowSeconds: 600 },
  /** Reads and asks of one member's CLABE (issue 37 point 2): the first ask takes an account number. */
  speiAccountPerMember: { points: 30, windowSeconds: 600 },
  /** Reads of a member's store references (issue 37 point 1): the app reads them on the top-up and balance screens. */
  pendingTopUpReadsPerMember: { points: 120, windowSeconds: 600 },
  /**
   * Issue 37 point 4: balance refund plans and lists one member reads (each sums their ledger and top-ups), and
   * the refunds they ask for: 10 asks an hour is far above the month's cap of 3, so only a misbehaving client meets it.
   */
  balanceRefundPlanReadsPerMember: { points: 60, windowSeconds: 600 },
  balanceRefundReadsPerMember: { points: 120, windowSeconds: 600 },
  balanceRefundRequestsPerMember: { points: 10, windowSeconds: 3_600 },
  /** Problem reports one member sends. */
  problemReportsPerMember: { points: 5, windowSeconds: 86_400 },
  /** Restock alerts one member asks for or ends (issue 35 point 2). */
  restockAlertsPerMember: { points: 30, windowSeconds: 3_600 },
  /** RFID cards and devices one member adds (issue 32 point 8). */
  rfidAddsPerMember: { points: 10, windowSeconds: 3_600 },
  /** Employee-card links one member starts: each adds its steps to the job queue deals share. */
  cardLinksPerMember: { points: 10, windowSeconds: 600 },
  /** Meal-voucher authorizations the provider emulation hands out to one address (anonymous). */
  voucherCodesPerAddress: { points: 60, windowSeconds: 600, perAddress: true },
  /**
   * Confirmation e-mails sent to one member (issue 35 point 4), whether the address changed or a resend was
   * asked: a client cannot flood an inbox. Past one, the save is refused with its own code.
   */
  emailConfirmationsPerMember: { points: 1, windowSeconds: 60, refusal: 'email_confirmation_limited' },
  emailConfirmationsPerMemberPerDay: { points: 5, windowSeconds: 86_400, refusal: 'email_confirmation_limited' },
  /**
   * Receipts a member asks to be e-mailed (issue 35 point 4, "Enviar a mi correo"): 10 an hour, and each
   * receipt (counted per member, kind and id) at most once a minute, so a double tap sends one. Past either
   * the ask is refused with its own code and nothing is sent. Receipts sent by "send me every receipt" are
   * not counted: purchases and top-ups are limited themselves.
   */
  receiptMailsPerMember: { points: 10, windowSeconds: 3_600, refusal: 'receipt_mail_limited' },
  receiptMailsPerReceipt: { points: 1, windowSeconds: 60, refusal: 'receipt_mail_limited' },
  /** Confirmation links opened from one address (no sign-in: the token is 256 random bits, so this bounds load). */
  emailConfirmsPerAddress: { points: 60, windowSeconds: 600, perAddress: true },
  /** Keypad sockets opened from one address. */
  keypadConnectsPerAddress: { points: 30, windowSeconds: 60, perAddress: true },
} as const satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof rateLimits;
export type RateLimitSettings = Record<RateLimitName, Limit>;

/** The caps on texts as the server's settings set them. */
export const textSettings = (caps: TextCaps) =>
  ({
    textsPerCountryPerHour: { ...rateLimits.textsPerCountryPerHour, points: caps.perCountryPerHour },
    textsPerCountryPerDay: { ...rateLimits.textsPerCountryPerDay, points: caps.perCountryPerDay },
    textsPerHour: { ...rateLimits.textsPerHour, points: caps.perHour },
    textsPerDay: { ...rateLimits.textsPerDay, points: caps.perDay },
  }) satisfies Partial<RateLimitSettings>;

/** The message of the line logged when a cap on texts trips: stable, for alerts to match. */
export const textCapTripped = 'sms cap reached: code sends paused';

export interface RateLimits {
  /** Counts one request of `key` against the limit; a spent limit throws a 429 problem with Retry-After. */
  take(name: RateLimitName, key: string | number): Promise<void>;
  /**
   * Counts one request against each limit in turn, all or none: when one is spent, the points the
   * earlier ones took are given back before its refusal is thrown, so a refused request uses up none.
   */
  takeAll(takes: readonly (readonly [RateLimitName, string | number])[]): Promise<void>;
  /** Forgets what `key` has used of a limit (an operator lifting it); false when it had used nothing. */
  forget(name: RateLimitName, key: string | number): Promise<boolean>;
}

/** rate-limiter-flexible on PostgreSQL: the `rate_limits` table every API process shares (services/rate-limit-store.ts). */
export function createRateLimits(
  db: Db,
  options: {
    addressLimitsScale?: number;
    settings?: Partial<RateLimitSettings>;
    log?: Logger;
    /** Counts each refusal by the limit's name (vendo_rate_limit_refusals_total); a command has none. */
    refusals?: Pick<Metrics['rateLimitRefusals'], 'inc'>;
  } = {},
): RateLimits {
  const storeClient = rateLimitStore(db);
  const settings: RateLimitSettings = { ...rateLimits, ...options.settings };
  const limiters = new Map(
    (Object.keys(settings) as RateLimitName[]).map((name) => {
      const limit = settings[name];
      const points = limit.perAddress ? limit.points * (options.addressLimitsScale ?? 1) : limit.points;
      const limiter = new RateLimiterPostgres({
        storeClient,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: name,
        points,
        duration: limit.windowSeconds,
      });
      return [name, { limiter, limit, points }] as const;
    }),
  );
  const counted = (name: RateLimitName, key: string | number) => {
    const entry = limiters.get(name);
    if (!entry) throw new Error(`no rate limit named ${name}`);
    return { ...entry, key: entry.limit.perAddress ? addressGroup(String(key)) : String(key) };
  };
  const take: RateLimits['take'] = async (name, key) => {
    const { limiter, limit, points, key: countedKey } = counted(name, key);
    try {
      await limiter.consume(countedKey);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      options.refusals?.inc({ limit: name });
      const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      const headers = { 'Retry-After': String(seconds) };
      if (!limit.pausesSends) throw problem(429, limit.refusal ?? 'too_many_requests', {}, headers);
      // Once per window: the first request past the cap, not every one refused after it.
      if (refusal.consumedPoints === points + 1) {
        options.log?.warn({ limit: name, key: countedKey, retry_after: seconds }, textCapTripped);
      }
      throw problem(503, 'code_sends_paused', {}, headers);
    }
  };
  return {
    take,
    async takeAll(takes) {
      for (const [index, [name, key]] of takes.entries()) {
        try {
          await take(name, key);
        } catch (refusal) {
          for (const [earlier, earlierKey] of takes.slice(0, index)) {
            const { limiter, key: countedKey } = counted(earlier, earlierKey);
            await limiter.reward(countedKey, 1);
          }
          throw refusal;
        }
      }
    },
    forget: (name, key) => {
      const { limiter, key: countedKey } = counted(name, key);
      return limiter.delete(countedKey);
    },
  };
}
