import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { Metrics } from './metrics.ts';

/** The label of every answer the catch-all gave: the app's pages, static files, paths nobody routes. */
export const catchAllRoute = 'page';

/**
 * The route pattern of the handler that answered (`/api/community_members/:id/top_ups`), read once the
 * request is done: Hono leaves its route index at the last handler that ran. A raw path would make a
 * series per member id and per path a scanner tries; the catch-all's `*` becomes catchAllRoute.
 */
export function routeLabel(c: Context): string {
  const pattern = routePath(c);
  return pattern === '' || pattern === '*' || pattern === '/*' ? catchAllRoute : pattern;
}

/** Counts one answer and its duration (vendo_http_request_duration_seconds; rate and errors are its count). */
export function observeRequest(metrics: Pick<Metrics, 'requests'>, c: Context, seconds: number) {
  metrics.requests.observe({ method: c.req.method, route: routeLabel(c), status: String(c.res.status) }, seconds);
}
