import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The server's metric families (issue 33 point 3), on a registry of their own: never prom-client's
 * global one, since a test process starts many servers and each counts only what it saw. What is read
 * at scrape time (job queue, database pool, process) joins the same registry in readings.ts.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Every answer, by method, route pattern (routeLabel, never the raw path) and status code. */
  readonly requests: Histogram<'method' | 'route' | 'status'>;
  /** Deals as they settle: delivered, failed, unknown (a status outside the spec) or timed_out. */
  readonly deals: Counter<'outcome'>;
  /** Top-ups by how they are paid (card, auto, redirect, reference…) and what became of them. */
  readonly topUps: Counter<'mode' | 'outcome'>;
  /** Problem reports decided: refunded at once, in_review (past the automatic bounds) or recorded. */
  readonly refunds: Counter<'outcome'>;
  readonly codesSent: Counter;
  /** Sign-in codes refused, at the send (a limit, a cap) or the check (wrong, expired, killed…). */
  readonly codesRefused: Counter<'step' | 'reason'>;
  /** Requests a rate limit refused, by the limit's name (http/rate-limits.ts). */
  readonly rateLimitRefusals: Counter<'limit'>;
  /** Keypad sessions this process opened and ended. */
  readonly keypadSessions: Counter<'event'>;
}

/**
 * Seconds: a deal poll answers in a few milliseconds, a card charge through the provider in up to
 * seconds; the request timeout caps everything at 30 s.
 */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    requests: new Histogram({
      name: 'vendo_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: durationBuckets,
      registers,
    }),
    deals: new Counter({
      name: 'vendo_deals_total',
      help: 'Deals settled, by outcome: delivered, failed, unknown or timed_out.',
      labelNames: ['outcome'],
      registers,
    }),
    topUps: new Counter({
      name: 'vendo_top_ups_total',
      help: 'Top-ups by mode (card, auto, redirect, reference, direct_payment) and outcome (paid, failed, pending).',
      labelNames: ['mode', 'outcome'],
      registers,
    }),
    refunds: new Counter({
      name: 'vendo_refunds_total',
      help: 'Problem reports decided, by outcome: refunded, in_review or recorded.',
      labelNames: ['outcome'],
      registers,
    }),
    codesSent: new Counter({
      name: 'vendo_sign_in_codes_sent_total',
      help: 'Sign-in codes texted.',
      registers,
    }),
    codesRefused: new Counter({
      name: 'vendo_sign_in_codes_refused_total',
      help: 'Sign-in code sends and checks refused, by step (send, check) and reason.',
      labelNames: ['step', 'reason'],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'vendo_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by the limit.',
      labelNames: ['limit'],
      registers,
    }),
    keypadSessions: new Counter({
      name: 'vendo_keypad_sessions_total',
      help: 'Keypad sessions this process opened and ended.',
      labelNames: ['event'],
      registers,
    }),
  };
}
