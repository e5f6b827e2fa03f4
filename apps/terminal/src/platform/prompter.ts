import { createInterface, type Interface } from 'node:readline';
import { confirm, isCancel, text } from '@clack/prompts';

/** How a command asks the person something: clack prompts at a terminal, lines of stdin otherwise. */
export interface Prompter {
  /** Prompts are shown and answered at a terminal (a person is there to confirm things). */
  readonly interactive: boolean;
  /** A line of text; null when nothing more will come (stdin closed) or the person cancelled. */
  text(message: string, validate?: (value: string) => string | undefined): Promise<string | null>;
  /** Yes or no; null when nobody can answer (not a terminal) or the person cancelled. */
  confirm(message: string): Promise<boolean | null>;
  close(): void;
}

export interface PrompterStreams {
  /** The words of a yes-or-no answer, in the person's language. */
  readonly answers?: { readonly yes: string; readonly no: string };
  readonly stdin: NodeJS.ReadStream;
  /** Where prompts are drawn: stdout for a person, stderr when stdout carries JSON. */
  readonly prompts: NodeJS.WriteStream;
}

/** Clack's prompts, drawn on `prompts`; Ctrl-C answers null. */
export function terminalPrompter({ stdin, prompts, answers }: PrompterStreams): Prompter {
  const streams = { input: stdin, output: prompts };
  return {
    interactive: true,
    async text(message, validate) {
      const answer = await text({
        ...streams,
        message,
        validate: validate ? (value) => validate(value ?? '') : undefined,
      });
      return isCancel(answer) ? null : answer;
    },
    async confirm(message) {
      const answer = await confirm({ ...streams, message, active: answers?.yes, inactive: answers?.no });
      return isCancel(answer) ? null : answer;
    },
    close() {},
  };
}

/**
 * Lines of stdin, one per question, for scripts and tests: each question is written to `prompts`
 * (so whatever drives the terminal knows when to answer), then the next line is its answer.
 */
export function linePrompter({ stdin, prompts }: PrompterStreams): Prompter {
  let reader: Interface | null = null;
  let lines: AsyncIterator<string> | null = null;
  const nextLine = async () => {
    if (!lines) {
      reader = createInterface({ input: stdin, terminal: false });
      lines = reader[Symbol.asyncIterator]();
    }
    const next = await lines.next();
    return next.done ? null : next.value.trim();
  };
  return {
    interactive: false,
    async text(message) {
      prompts.write(`${message}:\n`);
      return nextLine();
    },
    async confirm() {
      return null;
    },
    close() {
      reader?.close();
    },
  };
}
