import { CompiledQuery } from 'kysely';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/database.ts';
import { problem } from './problem.ts';

interface Limit {
  /** How many requests a key may make per window. */
  readonly points: number;
  readonly windowSeconds: number;
  /** Counted per client address: scaled by ServerConfig.addressLimitsScale. */
  readonly perAddress?: true;
}

/**
 * Every limit on what a client can repeat, each answered with 429 and Retry-After once spent.
 * Listed in the README ("Rules it keeps"); change both together.
 */
export const rateLimits = {
  /** Sign-in codes texted to one number. */
  codeSendsPerPhone: { points: 5, windowSeconds: 600 },
  /** Sign-in codes asked for from one address, whatever the number. */
  codeSendsPerAddress: { points: 30, windowSeconds: 600, perAddress: true },
  /** Code checks for one number: a code dies at its 6th check, so this leaves room for a second code. */
  codeConfirmsPerPhone: { points: 10, windowSeconds: 600 },
  /** Code checks from one address, whatever the number (an office shares one address). */
  codeConfirmsPerAddress: { points: 50, windowSeconds: 600, perAddress: true },
  /** Cards tokenised by the provider emulation from one address: card testing is tried here first. */
  cardTokensPerAddress: { points: 10, windowSeconds: 600, perAddress: true },
  /** Cards one member saves. */
  cardAddsPerMember: { points: 5, windowSeconds: 3_600 },
  /** Top-ups one member asks for (by card, checkout page or store reference). */
  topUpsPerMember: { points: 10, windowSeconds: 600 },
  /** Deals one member makes. */
  dealsPerMember: { points: 30, windowSeconds: 600 },
  /** Problem reports one member sends. */
  problemReportsPerMember: { points: 5, windowSeconds: 86_400 },
  /** RFID cards and devices one member adds (issue 32 point 8). */
  rfidAddsPerMember: { points: 10, windowSeconds: 3_600 },
  /** Employee-card links one member starts: each adds its steps to the job queue deals share. */
  cardLinksPerMember: { points: 10, windowSeconds: 600 },
  /** Meal-voucher authorizations the provider emulation hands out to one address (anonymous). */
  voucherCodesPerAddress: { points: 60, windowSeconds: 600, perAddress: true },
  /** Keypad sockets opened from one address. */
  keypadConnectsPerAddress: { points: 30, windowSeconds: 60, perAddress: true },
} as const satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof rateLimits;
export type RateLimitSettings = Record<RateLimitName, Limit>;

export interface RateLimits {
  /** Counts one request of `key` against the limit; a spent limit throws a 429 problem with Retry-After. */
  take(name: RateLimitName, key: string | number): Promise<void>;
}

/**
 * rate-limiter-flexible on PostgreSQL (the `rate_limits` table), through the API's own kysely
 * connection, so every API process counts in one place and PGlite and a server behave alike.
 */
export function createRateLimits(
  db: Db,
  options: { addressLimitsScale?: number; settings?: Partial<RateLimitSettings> } = {},
): RateLimits {
  const storeClient = {
    query: (query: { text: string; values?: unknown[] }) =>
      db.executeQuery(CompiledQuery.raw(query.text, query.values ?? [])),
  };
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
      return [name, limiter] as const;
    }),
  );
  return {
    async take(name, key) {
      try {
        await limiters.get(name)?.consume(String(key));
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw problem(429, 'too_many_requests', {}, { 'Retry-After': String(seconds) });
      }
    },
  };
}
