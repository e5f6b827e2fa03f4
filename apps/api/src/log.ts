import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/** pino's level names, LOG_LEVEL's values (config.ts). */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * Fields that never reach a line, whichever object carries them: a member's phone or e-mail address, a texted code, a
 * session or card token, an Authorization header or a cookie, a Referer (the page it names may carry
 * the native app's token in its query, issue 32 point 15), card data. pino's redaction has no
 * "at any depth" path, so each name is listed at the top and one and two levels down (a request's
 * headers sit at `headers.authorization`, a deal's card at `deal.card.number`).
 */
export const secretFields = [
  'phone',
  'to_phone',
  'email',
  'to_address',
  'verify_code',
  'auth_token',
  'token',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'referer',
  'number',
  'card_number',
  'cvv',
  'cvv2',
  'holder',
  'holder_name',
] as const;

/**
 * A database error carries the statement's values (PGlite's `params`) and PostgreSQL's `detail`
 * names the row (`Key (phone)=(+52…) already exists`): the log keeps the message, code and stack.
 */
const errorValues = ['params', 'detail'] as const;

const key = (name: string) => `["${name}"]`;
export const redactedPaths = [
  ...secretFields.flatMap((name) => [key(name), `*${key(name)}`, `*.*${key(name)}`]),
  ...errorValues.flatMap((name) => [`err${key(name)}`, `err.cause${key(name)}`]),
];

/**
 * The server's logger: one JSON line per event on stdout (or the given destination, where a test
 * reads them). Secrets are removed by path before a line is written; a message string is never built
 * from a member's data, since redaction cannot reach inside one.
 */
export function createLogger(options: { level: LogLevel; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: redactedPaths },
      // pino's own `time`, milliseconds since the epoch: an ISO date cost a busy replica 3% of its time,
      // and every log store reads either.
      timestamp: pino.stdTimeFunctions.epochTime,
    },
    // Lines are gathered and written 4 KB at a time, and at least every quarter second: a write per
    // line cost a busy replica a tenth of its time, on its side and on the side reading its output.
    // pino writes what is left when the process exits; a process killed outright loses at most the
    // last quarter second.
    options.destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 }),
  );
}
