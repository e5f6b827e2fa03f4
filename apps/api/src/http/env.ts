import type { IncomingMessage } from 'node:http';
import type { Lang } from '../domain/lang.ts';
import type { Trace } from './request-log.ts';

/** What middleware puts on every request's context. */
export interface AppEnv {
  Bindings: {
    /** The Node request under Hono's (absent when the app is called without a server). */
    incoming?: IncomingMessage;
  };
  Variables: {
    lang: Lang;
    /** The signed-in member, when the request carried a valid token. */
    memberId: number | null;
    tokenHash: string | null;
    /** The client's address: the peer's, or what trusted proxies forwarded (see clientAddressOf). */
    clientAddress: string;
    /** This request's id: the safe X-Request-Id it came with, or a new one (see requestIdOf). */
    requestId: string;
    /** The W3C trace the request came in, when its `traceparent` was valid (see traceOf); else null. */
    trace: Trace | null;
  };
}
