/**
 * A context field that every way into the current state has set. XState v5 types the context once for
 * the whole machine, so such a field stays nullable in its type; reading it through here throws when a
 * change to the statechart breaks that promise, where a stand-in value would reach the server unnoticed.
 */
export function known<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is not set in this state`);
  return value;
}
