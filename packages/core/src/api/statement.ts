import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

/** Issue 35 point 5: the member's purchases and top-ups as a statement, a page at a time (page 1 without one). */
export function statementApi(send: Send) {
  return {
    get: (memberId: Id, options?: CallOptions & { readonly page?: number }) =>
      send(
        calls.getStatement,
        { params: { id: memberId }, query: options?.page ? { page: options.page } : {} },
        options,
      ),
  };
}
