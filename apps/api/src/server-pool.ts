import pg from 'pg';

/**
 * A pool of PostgreSQL connections whose every connection is always heard. A server restarting or
 * failing over ends them all, and a Node process ends on an 'error' event nobody listens to. The pool
 * hears its idle connections only; one checked out between two queries (a transaction, a job's
 * lock, a listener) has no listener of its own. The work holding it learns of the break from its next
 * query, and the pool drops the connection when it is handed back; `broken` is told once per break.
 */
export function serverPool(options: pg.PoolConfig, broken: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool(options);
  pool.on('error', broken);
  pool.on('connect', (client) => {
    // The pool's own idle listener reports an idle connection's break; this one a checked-out one's,
    // once (the server's message comes first, then the closed socket's).
    let told = false;
    client.on('error', (error) => {
      if (told || client.listenerCount('error') > 1) return;
      told = true;
      broken(error);
    });
  });
  return pool;
}
