import { visitStorage } from './visit-storage.ts';

const key = 'vendo.notified.awaited-references';

/** Issue 37 point 1: the references this visit showed still payable, whose credit the member is told of. */
export function readAwaited(): number[] {
  try {
    const stored: unknown = JSON.parse(visitStorage().read(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function writeAwaited(ids: readonly number[]): void {
  // A reference can be paid for 72 hours: awaiting one longer would tell nothing.
  visitStorage().write(key, JSON.stringify(ids), { maxAgeSeconds: 72 * 3_600 });
}
