export { promptsActors } from './prompts.actors.ts';
export { type PromptsMachine, promptsMachine } from './prompts.machine.ts';
export type { PromptsEvent, PromptsInput } from './prompts.types.ts';
export { type PromptsView, promptsView } from './prompts.view.ts';
