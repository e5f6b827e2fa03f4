import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The `rate_limits` table as rate-limiter-flexible's PostgreSQL store client, through the API's own
 * kysely connection: every API process counts in one place, and PGlite and a server behave alike.
 */
export function rateLimitStore(db: Db) {
  return {
    // pg's result names what a statement changed `rowCount`, which delete() reads; kysely's `numAffectedRows`.
    query: async (query: { text: string; values?: unknown[] }) => {
      const result = await db.executeQuery(CompiledQuery.raw(query.text, query.values ?? []));
      return { ...result, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
}
