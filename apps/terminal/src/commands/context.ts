import type { Api, Locale, StoragePort } from '@vendo/core';
import type { Texts } from '../messages/index.ts';
import type { Output } from '../platform/output.ts';
import type { Prompter } from '../platform/prompter.ts';

/** What every command works with: the server, the kept session, the language, and the person. */
export interface CommandContext {
  /** Core's client with the kept session's token. */
  readonly api: Api;
  /** Core's client with a token the session does not hold yet (the one a sign-in just gave). */
  readonly apiFor: (token: string) => Api;
  /** The server's address as given, to name it in messages. */
  readonly address: string;
  readonly storage: StoragePort;
  readonly locale: Locale;
  readonly texts: Texts;
  readonly out: Output;
  readonly prompter: Prompter;
}

export const exitCodes = { ok: 0, failure: 1, usage: 2 } as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/**
 * A command that cannot go on: the reason in words on stderr and, with --json, as a document on stdout
 * (`code` is stable for scripts; `message` is the text in the person's language).
 */
export function fail(context: CommandContext, code: string, message: string): ExitCode {
  context.out.error(message);
  context.out.data({ error: { code, message } });
  return exitCodes.failure;
}
