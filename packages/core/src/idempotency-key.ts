import type { NewIdempotencyKey } from './ports.ts';

/**
 * The shells' keys: a random UUID for each member action. Apart from the ports, which `/`'s first load
 * reads: only the screens that buy or top up need it.
 */
export const randomIdempotencyKey: NewIdempotencyKey = () => crypto.randomUUID();
