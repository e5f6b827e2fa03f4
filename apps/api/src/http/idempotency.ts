import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { idempotencyHours } from '../domain/idempotency.ts';
import type { Lang } from '../domain/lang.ts';
import { sha256 } from '../services/crypto.ts';
import {
  claimKey,
  dropExpiredKey,
  firstUseOf,
  freeKey,
  keepAnswer,
  takeOverKey,
} from '../services/idempotency-keys.ts';
import { problem } from './problem.ts';
import { refusalOf } from './refusals.ts';

/**
 * A running key belongs to its first request for this long. A request still running after it is
 * taken to have died with its process: a replay then runs again, and what it runs finds what the
 * first one did (the deal made, the card order charged) instead of doing it twice.
 */
export const idempotencyLeaseSeconds = 30;

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

interface Scope {
  readonly memberId: number;
  readonly key: string | undefined;
  readonly request: unknown;
  readonly lang: Lang;
}

/**
 * Runs a money-moving request once per key: a replay gets the first answer and moves nothing, the
 * same key with another body is 422, and a replay while the first still runs is 409 with
 * Retry-After (the app reads that as "still working"). A refusal that says when to come back is
 * not kept as the key's answer. Without a key the request simply runs.
 */
export async function once(db: Db, clock: Clock, scope: Scope, run: () => Promise<Answer>): Promise<Answer> {
  const { memberId, key } = scope;
  if (!key) return run();
  if (key.length > 200) throw problem(422, 'invalid_request', { description: 'Idempotency-Key: too long' });
  const ref = { memberId, key };
  const requestHash = sha256(JSON.stringify(scope.request));
  const now = clock.now();
  const lease = new Date(now.getTime() + idempotencyLeaseSeconds * 1000);
  await dropExpiredKey(db, ref, new Date(now.getTime() - idempotencyHours * 3_600_000));
  if (!(await claimKey(db, ref, { requestHash, now, lease }))) {
    const first = await firstUseOf(db, ref);
    if (first.request_hash !== requestHash) throw problem(422, 'idempotency_mismatch');
    if (first.state === 'done') return { status: first.status_code ?? 200, body: first.body };
    if (!(await takeOverKey(db, ref, now, lease))) {
      const left = Math.max(1, Math.ceil(((first.lease_until?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
      throw problem(409, 'idempotency_in_progress', {}, { 'Retry-After': String(left) });
    }
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (failure) {
    // A refusal is an answer too, replayed for the same key. Anything unexpected frees the key for a
    // retry, and so does a "not now" (a spent limit, another purchase holding the member's lock): it
    // goes out with its Retry-After, and the same request sent after the wait runs (issue 32 point 9).
    const refusal = refusalOf(failure);
    if (!refusal || refusal.headers['Retry-After'] !== undefined) {
      await freeKey(db, ref);
      throw failure;
    }
    answer = { status: refusal.status, body: refusal.body(scope.lang) };
  }
  await keepAnswer(db, ref, answer);
  return answer;
}
