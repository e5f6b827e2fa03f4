import type { CustomMessage } from '../../contract/index.ts';
import type { messageDismissKey, NativePlatform } from '../../rules/prompts.ts';

export interface PromptsInput {
  readonly memberId: number;
  /** The phone's platform for the native-app prompt; null on a desktop. */
  readonly platform: NativePlatform | null;
}

export interface PromptsContext extends PromptsInput {
  readonly queue: CustomMessage[];
}

export type PromptsEvent =
  | { type: 'message.closed'; forever: boolean }
  | { type: 'native-app.closed'; forever: boolean };

/** Which prompt a "shown" or "do not show again" mark is about. */
export interface PromptKeyInput {
  key: ReturnType<typeof messageDismissKey>;
}
