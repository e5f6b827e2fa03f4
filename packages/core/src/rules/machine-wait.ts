/**
 * How long a member waits on a machine, for a deal (flows/deal) and an employee-card link (flows/card-link)
 * alike. Spec §9: the polling interval and the default connection timeout.
 */
export const POLL_INTERVAL_MS = 1_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 60_000;
/** Machine-ready wait when a machine names no user-type timeout; the spec gives none, so Vendo's choice. */
export const DEFAULT_USER_TYPE_TIMEOUT_SECONDS = 30;
