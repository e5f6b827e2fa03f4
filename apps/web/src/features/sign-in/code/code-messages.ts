import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SignInErrorCode } from '@vendo/core';
import { type CodeErrorCode, signInErrorMessages } from '../sign-in-messages.ts';

/** Spec §8: the code step's own failures; kept out of `/`'s first load, which never shows them. */
const codeErrorMessages: Record<CodeErrorCode, MessageDescriptor> = {
  code_wrong: msg`That code is not right. Check the text message and try again.`,
  code_expired: msg`That code has expired. Ask for a new one.`,
  code_killed: msg`Too many tries with that code. Ask for a new one.`,
};

/** Every sign-in failure's text, for the code step (which meets them all). */
export const signInErrorMessage = (code: SignInErrorCode): MessageDescriptor =>
  code in codeErrorMessages
    ? codeErrorMessages[code as CodeErrorCode]
    : signInErrorMessages[code as Exclude<SignInErrorCode, CodeErrorCode>];
