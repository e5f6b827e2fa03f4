import type { NewIdempotencyKey } from '../ports.ts';

/** Idempotency keys a test can name: `key-1`, `key-2`, … in the order the flow asks for them. */
export function numberedKeys(prefix = 'key'): NewIdempotencyKey {
  let made = 0;
  return () => {
    made += 1;
    return `${prefix}-${made}`;
  };
}
