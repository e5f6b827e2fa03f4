import { type ApiError, serverMessage } from '@vendo/core';
import type { CommandContext } from './context.ts';

/** A failed call in words: the server's own when it answered with some, else how the call failed. */
export function apiErrorMessage(context: CommandContext, error: ApiError | null): string {
  if (!error) return context.texts.generic;
  const words = serverMessage(error);
  return words ? context.texts.refused(words) : context.texts.apiFailures[error.kind](context.address);
}
