import type { ApiError, RequestLine } from './api-error.ts';

// Apart from api-error.ts, which reads answers with zod: a failure without an answer needs no contract,
// so the web app's first load can name one without bringing zod along.

/** Every field of an ApiError that only an answer fills, empty. */
export const blankErrorFields = {
  status: null,
  error_code: null,
  message: null,
  description: null,
  action_text: null,
  redirect_url: null,
  cta_image_url: null,
  email_domain: null,
  additional_information: null,
  field_errors: {},
  retry_after: null,
  issues: [],
} as const;

/** A call that got no answer: the network failed, it took too long, or it was cancelled. */
export function transportError(line: RequestLine, kind: 'network' | 'timeout' | 'aborted', detail: string): ApiError {
  return { ...blankErrorFields, ...line, kind, message: detail };
}
