import type { HeaderPairs } from './response-headers.ts';

export interface SecurityHeadersOptions {
  /** Hosts the browser may reach with fetch/XHR/WebSocket besides this origin (the card provider's API). */
  readonly connectSources?: readonly string[];
  /** Hosts the browser may load scripts from besides this origin (the card provider's tokenisation script). */
  readonly scriptSources?: readonly string[];
  /** Hosts the app may frame (the card provider's 3-D Secure page); none when empty. */
  readonly frameSources?: readonly string[];
  /** The app's public origin: its keypad WebSocket is the only one allowed. Unset: 'self' only. */
  readonly publicOrigin?: string | undefined;
}

const hsts = 'max-age=31536000; includeSubDomains';

/** The WebSocket origin of the app's own host: https://vendo.example → wss://vendo.example. */
function ownSocketOrigin(publicOrigin: string | undefined): string[] {
  if (!publicOrigin) return [];
  const url = new URL(publicOrigin);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

/**
 * A CSP source as configured: a host, a scheme+host or a wildcard host. Anything that could close the
 * directive (`;`, `,`), add another source (whitespace) or smuggle a keyword (quotes) is refused.
 */
const sourcePattern = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?(?:\/[^\s;,'"]*)?$/i;

function checked(sources: readonly string[] | undefined, what: string): string[] {
  return (sources ?? []).map((source) => {
    if (!sourcePattern.test(source)) throw new Error(`${what}: "${source}" is not a host for Content-Security-Policy`);
    return source;
  });
}

/** The Content-Security-Policy value for these options; exported so tests can read it as one string. */
export function contentSecurityPolicy(options: SecurityHeadersOptions = {}): string {
  const scripts = checked(options.scriptSources, 'script host');
  const connect = checked(options.connectSources, 'connect host');
  const frames = checked(options.frameSources, 'frame host');
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scripts]],
    // The emulated provider pages carry one inline <style>.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    // 'self' covers the keypad's WebSocket on the same host (CSP 3); the public origin's ws(s) source
    // spells it out for browsers that do not match ws: with 'self'. No other host may be reached by socket.
    ['connect-src', ["'self'", ...ownSocketOrigin(options.publicOrigin), ...connect]],
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The security headers of every answer but the API's JSON (apiSecurityHeaders): the web app's files,
 * the provider pages, /media pictures, errors. requestFrame puts them on each one.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): HeaderPairs {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', hsts],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // The app scans machine QR codes with the camera.
    ['Permissions-Policy', 'camera=(self), geolocation=(), microphone=()'],
  ];
}

/**
 * The headers of the API's JSON answers. An answer that is no document may load nothing and be framed
 * by nobody (OWASP's REST Security Cheat Sheet); the headers only a document reads (Referrer-Policy,
 * Permissions-Policy, Cross-Origin-Opener-Policy, the app's own policy) would more than double a deal
 * poll, the answer every waiting phone asks for each second.
 */
export const apiSecurityHeaders: HeaderPairs = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['Strict-Transport-Security', hsts],
  ['X-Frame-Options', 'DENY'],
];

/**
 * A document's headers for a page whose address carries a token (the native app's add-card page,
 * `?token=…`): no Referer names it to anything it loads or links to, until the app has taken the token
 * out of the address, and no cache keeps the answer under that address.
 */
export function tokenPageHeaders(documentHeaders: HeaderPairs): HeaderPairs {
  return [
    ...documentHeaders.map(([name, value]) => [name, name === 'Referrer-Policy' ? 'no-referrer' : value] as const),
    ['Cache-Control', 'no-store'],
  ];
}
