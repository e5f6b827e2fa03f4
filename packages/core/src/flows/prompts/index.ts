export {
  type PromptsEvent,
  type PromptsInput,
  type PromptsMachine,
  promptsActors,
  promptsMachine,
} from './prompts.machine.ts';
