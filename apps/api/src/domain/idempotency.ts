/**
 * An Idempotency-Key names one request for this long (POST deals and top-ups): a replay within it
 * gets the first answer, and the deal or card order it made is found again by the key.
 */
export const idempotencyHours = 24;
