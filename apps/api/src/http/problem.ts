import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Lang } from '../domain/lang.ts';
import { type ProblemCode, problems } from './messages.ts';

export type Fields = {
  /** Answer the message as a map for this field (spec §7: the app reads error.message.email). */
  field?: string;
  error_code?: number | string;
  message?: string;
  description?: string;
  action_text?: string;
  redirect_url?: string;
  cta_image_url?: string;
  email_domain?: string;
  additional_information?: string;
};

/**
 * A refusal with a spec §8 error object. Thrown by handlers and middleware (services throw a
 * DomainError, turned into one by refusals.ts); the app's error handler answers it in the
 * request's language.
 */
export class Problem extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ProblemCode;
  readonly fields: Fields;
  readonly headers: Record<string, string>;
  /** Values for the `{name}` placeholders of the message texts (a limit, a currency). */
  readonly params: Record<string, string | number>;

  constructor(
    status: ContentfulStatusCode,
    code: ProblemCode,
    fields: Fields = {},
    headers: Record<string, string> = {},
    params: Record<string, string | number> = {},
  ) {
    super(code);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
    this.params = params;
  }

  body(lang: Lang) {
    const text: { message: string; description?: string } = problems[this.code][lang];
    const fill = (words: string) => words.replace(/\{(\w+)\}/g, (_, name: string) => String(this.params[name] ?? ''));
    const { field, ...fields } = this.fields;
    const message = fill(text.message);
    return {
      error: {
        error_code: this.code,
        message: field ? { [field]: [message] } : message,
        ...(text.description === undefined ? {} : { description: fill(text.description) }),
        ...fields,
      },
    };
  }
}

export const problem = (
  status: ContentfulStatusCode,
  code: ProblemCode,
  fields?: Fields,
  headers?: Record<string, string>,
  params?: Record<string, string | number>,
) => new Problem(status, code, fields, headers, params);

export function answerProblem(c: Context, failure: Problem) {
  for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
  return c.json(failure.body(c.get('lang')), failure.status);
}
