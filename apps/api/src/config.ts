import { resolve } from 'node:path';
import { defaultReceiptPrefix, receiptPrefixPattern, referenceLifetimeHours } from '@vendo/core/contract';
import * as z from 'zod/mini';
import { type InvoiceIssuer, invoiceEnvironment, invoiceIssuerOf, invoiceIssuerProblems } from './invoice-settings.ts';
import { type LogLevel, logLevels } from './log.ts';
import { defaultWebRoot } from './web-root.ts';

/**
 * Who may use the dev control (SMS outbox, machine scripts, signed-in test members, reset):
 * nobody, clients on this machine only, or anyone who reaches the server.
 */
export type DevControl = 'off' | 'loopback' | 'on';

/**
 * Pages a process draws a second by default (VENDO_RENDERS_PER_SECOND): a render takes the process's one
 * core from members' calls while it runs, so visitors past this many get index.html and their own browser
 * draws the page; 10 a second are still 36,000 QR-code visits an hour drawn on the server.
 */
export const RENDERS_PER_SECOND = 10;

/**
 * Caps on the sign-in texts the server pays for (issue 32 point 3: SMS pumping of premium ranges), each
 * counted per destination country code or over all of them: past one, new sends answer 503 with
 * Retry-After until its window ends, and codes already sent still work. "Rules it keeps" (docs/reference-api.md).
 */
export interface TextCaps {
  readonly perCountryPerHour: number;
  readonly perCountryPerDay: number;
  readonly perHour: number;
  readonly perDay: number;
}

export const textCapDefaults: TextCaps = {
  perCountryPerHour: 300,
  perCountryPerDay: 3_000,
  perHour: 1_000,
  perDay: 10_000,
};

export type WebRenderSetting = 'beside-web-root' | 'off' | { readonly modulePath: string };

/**
 * What the process serves: the reference API with the member app (the demo, and how the journeys run), or
 * the member app alone in front of another provider's API (app-only/): no database, no emulators.
 */
export type ServerRole = 'reference' | 'app';

export interface ServerConfig {
  readonly role: ServerRole;
  /** The provider's origin the app role serves the app in front of (VENDO_PROVIDER_URL); unset in the reference role. */
  readonly providerUrl: string | undefined;
  readonly port: number;
  readonly host: string;
  /** Folder of the built web app (apps/web/dist). */
  readonly webRoot: string;
  /**
   * The web app's server render: the built `dist-server/entry-server.js` beside the web root when there,
   * a file VENDO_WEB_RENDER names (then it must load), or `off`.
   */
  readonly webRender: WebRenderSetting;
  /** Embedded PGlite lives here when DATABASE_URL is unset. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** Loads the demo world at start when the database has none (VENDO_DEMO). */
  readonly demo: boolean;
  readonly devControl: DevControl;
  /** The address members reach the app at: every URL the server hands out starts with it. Unset: the listening address. */
  readonly publicOrigin: string | undefined;
  /** Proxies whose X-Forwarded-For is believed (proxy-addr's trust list: addresses, CIDRs, `loopback`…). */
  readonly trustProxy: readonly string[];
  /** Multiplies every per-address limit: for a test run where every client shares one address. */
  readonly addressLimitsScale: number;
  /**
   * Pages this process draws a second for visitors (VENDO_RENDERS_PER_SECOND); past it a visit gets
   * index.html and the browser draws the page, so a flood of visits cannot take the process from members.
   */
  readonly rendersPerSecond: number;
  /** VENDO_SMS_PER_COUNTRY_PER_HOUR, VENDO_SMS_PER_COUNTRY_PER_DAY, VENDO_SMS_PER_HOUR, VENDO_SMS_PER_DAY. */
  readonly textCaps: TextCaps;
  readonly provider: { readonly merchantId: string; readonly publicKey: string };
  /** Outside hosts the Content-Security-Policy allows, by directive (the card provider's script, API, 3-D Secure page). */
  readonly securityHosts: {
    readonly scripts: readonly string[];
    readonly connect: readonly string[];
    readonly frames: readonly string[];
  };
  /** The least severe lines written (LOG_LEVEL; `info` when unset, the tests' servers `silent`). */
  readonly logLevel: LogLevel;
  /** What one client's connection may hold of the process (server.ts). */
  readonly connections: {
    /**
     * How long a request may take to arrive, headers and body (Node's `requestTimeout`, whose default of
     * 300 s let a body sent a byte at a time hold its socket five minutes); past it the answer is 408.
     */
    readonly requestTimeoutMs: number;
    /** Connections open at once (keypad sockets among them); one more is closed as it arrives. */
    readonly max: number;
  };
  /** How the server stops on SIGTERM/SIGINT (RunningServer.close). */
  readonly shutdown: {
    /**
     * How long /readyz answers 503 while everything else is still served, before the server stops
     * accepting connections: long enough for a load balancer's health checks to take it out.
     */
    readonly delayMs: number;
    /** How long requests already running may take to finish before their connections are cut. */
    readonly graceMs: number;
  };
  /**
   * The key sign-in codes are hashed with (VENDO_CODE_SECRET). Unset (development only), the key
   * the database keeps beside the hashes is used: whoever reads the database could test codes.
   */
  readonly codeSecret: string | undefined;
  /**
   * The key the bank signs SPEI deposit notices with (VENDO_SPEI_SECRET, issue 37 point 2), shared with it. Unset
   * (development and the demo only), a key the database keeps, which the dev control signs its notices with.
   */
  readonly speiSecret?: string | undefined;
  /**
   * How e-mail leaves (issue 35 point 4): through the SMTP server VENDO_SMTP_URL names, from VENDO_MAIL_FROM.
   * Absent, or without `smtpUrl`, none leaves this machine (the dev outbox keeps them where the dev control is on).
   */
  readonly mail?: MailSettings;
  /**
   * Where GET /metrics (Prometheus text) is served, on a port of its own and never the public one
   * (VENDO_METRICS_PORT, VENDO_METRICS_HOST): `off`, or absent, serves none.
   */
  readonly metrics?: MetricsSetting;
  /** The operator's prefix of every receipt's folio (VENDO_RECEIPT_PREFIX, issue 35 point 3); `VEN` when absent. */
  readonly receiptPrefix?: string;
  /** How many hours a store reference can be paid (VENDO_REFERENCE_HOURS, issue 37 point 1); 72 when absent. */
  readonly referenceHours?: number;
  /**
   * The key the stores' payment notifications are signed with (VENDO_STORE_SECRET). Unset (development only),
   * one derived from the database's own key, so the dev control can sign a notification the way a store does.
   */
  readonly storeSecret?: string | undefined;
  /** Who invoices (CFDI) are issued by and their series (VENDO_INVOICE_*, issue 37 point 3); SAT's test issuer when absent. */
  readonly invoiceIssuer?: InvoiceIssuer;
}

/** ServerConfig.mail. */
export interface MailSettings {
  /** `smtp://user:password@host:587` or `smtps://…`; a password in it is never repeated in a log or an error. */
  readonly smtpUrl: string | undefined;
  /** The From of every e-mail: `Vendo <no-reply@vendo.example>`. */
  readonly from: string;
}

/**
 * VENDO_MAIL_FROM's default: the reserved `.invalid` domain, which no one can own, so no mail goes out in
 * another's name; a deployment that sends through SMTP sets its own.
 */
export const defaultMailFrom = 'Vendo <no-reply@vendo.invalid>';

/** ServerConfig.metrics: a port (0: any free one) and the address to listen on, or `off`. */
export type MetricsSetting = 'off' | { readonly port: number; readonly host: string };

/** A comma-separated list: `a.example, b.example` → ['a.example', 'b.example']. */
const list = z.pipe(
  z.string(),
  z.transform((value) =>
    value
      .split(',')
      .map((host) => host.trim())
      .filter((host) => host !== ''),
  ),
);

const wholeNumber = (what: string, within: (value: number) => boolean) =>
  z.pipe(
    z.string().check(z.refine((text) => /^\d+$/.test(text) && within(Number(text)), { error: `must be ${what}` })),
    z.transform(Number),
  );

const textCap = wholeNumber('a whole number of texts above 0', (cap) => cap > 0);

const origin = z.pipe(
  z.string().check(
    z.refine(
      (value) => {
        const url = URL.parse(value);
        return (
          url !== null &&
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.origin === value.replace(/\/$/, '')
        );
      },
      { error: 'must be an origin such as https://vendo.example' },
    ),
  ),
  z.transform((value) => new URL(value).origin),
);

const postgresUrl = z.string().check(
  z.refine((value) => ['postgres:', 'postgresql:'].includes(URL.parse(value)?.protocol ?? ''), {
    error: 'must be a postgres:// URL',
  }),
);

/** VENDO_METRICS_PORT: a port number, or `off`. */
const metricsPort = z.pipe(
  z.string().check(
    z.refine((text) => text === 'off' || (/^\d+$/.test(text) && Number(text) <= 65535), {
      error: 'must be a port number (0–65535) or off',
    }),
  ),
  z.transform((text): number | 'off' => (text === 'off' ? 'off' : Number(text))),
);

const smtpUrl = z.string().check(
  z.refine((value) => ['smtp:', 'smtps:'].includes(URL.parse(value)?.protocol ?? ''), {
    error: 'must be an smtp:// or smtps:// URL',
  }),
);

/** An address, alone or with a name: `no-reply@vendo.example`, `Vendo <no-reply@vendo.example>`. */
const mailFrom = z.string().check(
  z.refine((value) => /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(value.trim()), {
    error: 'must be an address, alone or as Name <address>',
  }),
);

const codeSecret = z.string().check(z.minLength(32, { error: 'must be at least 32 characters' }));

const whatProductionNeeds = 'is required with NODE_ENV=production';
/** Required in production: missing, the error says so; present, `schema` judges it. */
const neededInProduction = <S extends z.core.$ZodType<unknown, string>>(production: boolean, schema: S) =>
  production
    ? z.pipe(z.string({ error: (issue) => (issue.input === undefined ? whatProductionNeeds : undefined) }), schema)
    : z.optional(schema);

/**
 * The environment the server reads, judged as a whole: every variable with its default, and in
 * production (NODE_ENV=production) what production needs. This reference API has only emulated
 * providers (SMS outbox, card provider, machines) and loads a demo world, so in production it runs
 * only when told it is a demo (VENDO_DEMO=1).
 */
export const environment = (production: boolean, role: ServerRole = 'reference') =>
  environmentOf(production && role === 'reference', production, role);

/**
 * `reference`: production as the reference API needs it (its database, its code key, demo only).
 * `production`: what any role needs in production.
 */
const environmentOf = (reference: boolean, production: boolean, role: ServerRole) =>
  z.object({
    VENDO_ROLE: z._default(z.enum(['reference', 'app'], { error: 'must be reference or app' }), 'reference'),
    VENDO_PROVIDER_URL:
      role === 'app'
        ? z.pipe(
            z.string({ error: (issue) => (issue.input === undefined ? 'is required with VENDO_ROLE=app' : undefined) }),
            origin,
          )
        : z.optional(origin),
    PORT: z._default(
      wholeNumber('a port number (0–65535)', (port) => port <= 65535),
      3000,
    ),
    // Loopback unless told otherwise: a developer's server is not reachable from the network by accident.
    HOST: z._default(z.string(), '127.0.0.1'),
    VENDO_WEB_ROOT: z._default(z.string(), defaultWebRoot),
    VENDO_WEB_RENDER: z.optional(z.string()),
    VENDO_DATA_DIR: z._default(z.string(), '.data'),
    // Where the command was typed (pnpm passes it): the data folder is relative to it, not to apps/api.
    INIT_CWD: z._default(z.string(), process.cwd()),
    DATABASE_URL: neededInProduction(reference, postgresUrl),
    VENDO_DEMO: reference
      ? z.literal('1', {
          error:
            'must be 1 with NODE_ENV=production: this server has only emulated SMS, card and machine providers ' +
            'and a demo world; set VENDO_DEMO=1 to run it as a demo',
        })
      : z.optional(z.enum(['0', '1'], { error: 'must be 1 or 0' })),
    VENDO_DEV_CONTROL: z._default(
      z.enum(['off', 'loopback', 'on'], { error: 'must be off, loopback or on' }),
      production ? 'off' : 'loopback',
    ),
    VENDO_PUBLIC_ORIGIN: neededInProduction(production, origin),
    VENDO_TRUST_PROXY: z._default(list, []),
    VENDO_ADDRESS_LIMITS_SCALE: z._default(
      wholeNumber('a whole number above 0', (scale) => scale > 0),
      1,
    ),
    VENDO_RENDERS_PER_SECOND: z._default(
      wholeNumber('a whole number of pages a second', () => true),
      RENDERS_PER_SECOND,
    ),
    VENDO_SMS_PER_COUNTRY_PER_HOUR: z._default(textCap, textCapDefaults.perCountryPerHour),
    VENDO_SMS_PER_COUNTRY_PER_DAY: z._default(textCap, textCapDefaults.perCountryPerDay),
    VENDO_SMS_PER_HOUR: z._default(textCap, textCapDefaults.perHour),
    VENDO_SMS_PER_DAY: z._default(textCap, textCapDefaults.perDay),
    VENDO_PROVIDER_MERCHANT_ID: z._default(z.string(), 'mvendosandbox'),
    VENDO_PROVIDER_PUBLIC_KEY: z._default(z.string(), 'pk_vendo_sandbox'),
    VENDO_CSP_SCRIPT_HOSTS: z._default(list, []),
    VENDO_CSP_CONNECT_HOSTS: z._default(list, []),
    VENDO_CSP_FRAME_HOSTS: z._default(list, []),
    LOG_LEVEL: z._default(z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }), 'info'),
    // No wait by default: without a load balancer in front, nothing needs to see /readyz turn.
    VENDO_SHUTDOWN_DELAY_MS: z._default(
      wholeNumber('a whole number of milliseconds', () => true),
      0,
    ),
    VENDO_SHUTDOWN_GRACE_MS: z._default(
      wholeNumber('a whole number of milliseconds', () => true),
      10_000,
    ),
    VENDO_CODE_SECRET: neededInProduction(reference, codeSecret),
    VENDO_SPEI_SECRET: neededInProduction(reference, codeSecret),
    VENDO_STORE_SECRET: neededInProduction(reference, codeSecret),
    VENDO_REFERENCE_HOURS: z._default(
      wholeNumber('a whole number of hours from 1 to 168', (hours) => hours >= 1 && hours <= 168),
      referenceLifetimeHours,
    ),
    VENDO_REQUEST_TIMEOUT_MS: z._default(
      wholeNumber('a whole number of milliseconds from 1 to 30000', (ms) => ms >= 1 && ms <= 30_000),
      30_000,
    ),
    VENDO_MAX_CONNECTIONS: z._default(
      wholeNumber('a whole number above 0', (count) => count > 0),
      10_000,
    ),
    VENDO_SMTP_URL: z.optional(smtpUrl),
    VENDO_MAIL_FROM: z._default(mailFrom, defaultMailFrom),
    // /metrics on a port of its own, on loopback unless told otherwise: it is for the operator's scraper.
    VENDO_METRICS_PORT: z._default(metricsPort, 9464),
    VENDO_METRICS_HOST: z._default(z.string(), '127.0.0.1'),
    VENDO_RECEIPT_PREFIX: z._default(
      z.string().check(z.regex(receiptPrefixPattern, { error: 'must be 2 to 6 upper-case letters or digits' })),
      defaultReceiptPrefix,
    ),
    ...invoiceEnvironment,
  });

/** Values an error message never repeats: a URL can carry a password, a secret is a secret. */
const unrepeatable = new Set([
  'DATABASE_URL',
  'VENDO_CODE_SECRET',
  'VENDO_SPEI_SECRET',
  'VENDO_STORE_SECRET',
  'VENDO_SMTP_URL',
]);

/** The server refused its settings: `problems` holds one line per variable that is wrong. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`the server's settings are wrong:\n${problems.map((line) => `- ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function problemOf(issue: z.core.$ZodIssue): string {
  const name = issue.path.map(String).join('.');
  const shown =
    typeof issue.input === 'string' && !unrepeatable.has(name) ? `, not ${JSON.stringify(issue.input)}` : '';
  return `${name} ${issue.message}${shown}`;
}

/**
 * The server's settings, read once at start from the environment. Every variable that is wrong is
 * named in one ConfigError (not only the first), and production refuses to start without
 * DATABASE_URL, VENDO_PUBLIC_ORIGIN, VENDO_CODE_SECRET, VENDO_SPEI_SECRET and VENDO_STORE_SECRET. An empty
 * variable counts as unset.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const role: ServerRole = given.VENDO_ROLE === 'app' ? 'app' : 'reference';
  const parsed = z.safeParse(environment(production, role), given, { reportInput: true });
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map(problemOf));
  const read = parsed.data;
  const issuerProblems = invoiceIssuerProblems(read);
  if (issuerProblems.length > 0) throw new ConfigError(issuerProblems);
  return {
    role: read.VENDO_ROLE,
    providerUrl: read.VENDO_PROVIDER_URL,
    port: read.PORT,
    host: read.HOST,
    webRoot: read.VENDO_WEB_ROOT,
    webRender:
      read.VENDO_WEB_RENDER === 'off'
        ? 'off'
        : read.VENDO_WEB_RENDER
          ? { modulePath: resolve(read.INIT_CWD, read.VENDO_WEB_RENDER) }
          : 'beside-web-root',
    dataDir: resolve(read.INIT_CWD, read.VENDO_DATA_DIR),
    databaseUrl: read.DATABASE_URL,
    // Unset: on for a developer's embedded PGlite, never for a PostgreSQL deployment (`pnpm seed` there).
    demo: read.VENDO_DEMO === undefined ? !production && !read.DATABASE_URL : read.VENDO_DEMO === '1',
    devControl: read.VENDO_DEV_CONTROL,
    publicOrigin: read.VENDO_PUBLIC_ORIGIN,
    trustProxy: read.VENDO_TRUST_PROXY,
    addressLimitsScale: read.VENDO_ADDRESS_LIMITS_SCALE,
    rendersPerSecond: read.VENDO_RENDERS_PER_SECOND,
    textCaps: {
      perCountryPerHour: read.VENDO_SMS_PER_COUNTRY_PER_HOUR,
      perCountryPerDay: read.VENDO_SMS_PER_COUNTRY_PER_DAY,
      perHour: read.VENDO_SMS_PER_HOUR,
      perDay: read.VENDO_SMS_PER_DAY,
    },
    provider: { merchantId: read.VENDO_PROVIDER_MERCHANT_ID, publicKey: read.VENDO_PROVIDER_PUBLIC_KEY },
    securityHosts: {
      scripts: read.VENDO_CSP_SCRIPT_HOSTS,
      connect: read.VENDO_CSP_CONNECT_HOSTS,
      frames: read.VENDO_CSP_FRAME_HOSTS,
    },
    logLevel: read.LOG_LEVEL,
    connections: { requestTimeoutMs: read.VENDO_REQUEST_TIMEOUT_MS, max: read.VENDO_MAX_CONNECTIONS },
    shutdown: { delayMs: read.VENDO_SHUTDOWN_DELAY_MS, graceMs: read.VENDO_SHUTDOWN_GRACE_MS },
    codeSecret: read.VENDO_CODE_SECRET,
    speiSecret: read.VENDO_SPEI_SECRET,
    mail: { smtpUrl: read.VENDO_SMTP_URL, from: read.VENDO_MAIL_FROM.trim() },
    metrics:
      read.VENDO_METRICS_PORT === 'off' ? 'off' : { port: read.VENDO_METRICS_PORT, host: read.VENDO_METRICS_HOST },
    receiptPrefix: read.VENDO_RECEIPT_PREFIX,
    referenceHours: read.VENDO_REFERENCE_HOURS,
    storeSecret: read.VENDO_STORE_SECRET,
    invoiceIssuer: invoiceIssuerOf(read),
  };
}
