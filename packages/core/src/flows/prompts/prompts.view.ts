import type { SnapshotFrom } from 'xstate';
import { httpUrl, imageUrl } from '../../rules/links.ts';
import type { PromptsMachine } from './prompts.machine.ts';

/** Which prompt is open: an operator's message (with its safe links), or the native-app prompt for a phone. */
export function promptsView(snapshot: SnapshotFrom<PromptsMachine>) {
  const { context } = snapshot;
  const message = snapshot.matches('message') ? (context.queue[0] ?? null) : null;
  return {
    message,
    /** Spec §2: server text is shown as text; an action link only when it is http(s). */
    actionUrl: httpUrl(message?.action_url),
    imageUrl: imageUrl(message?.image_url),
    nativeApp: snapshot.matches('nativeApp') ? context.platform : null,
  };
}

export type PromptsView = ReturnType<typeof promptsView>;
