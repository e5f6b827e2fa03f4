import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

/** The streams a command writes to, and what they are. */
export interface Streams {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
}

/**
 * Colour only for a person at a terminal: never into a pipe or a file, and never when NO_COLOR is set
 * to anything (no-color.org).
 */
export function colourWanted(stdoutIsTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  return stdoutIsTTY && !env.NO_COLOR;
}

/**
 * What a command prints. Human text goes to stdout; with --json stdout carries one JSON document and
 * nothing else, so a script can parse it, while errors are still said in words on stderr.
 */
export class Output {
  readonly json: boolean;
  readonly colour: boolean;
  private readonly streams: Streams;

  constructor(streams: Streams, json: boolean, colour: boolean) {
    this.streams = streams;
    this.json = json;
    this.colour = colour;
  }

  /** A person is watching stdout: a spinner may redraw a line there. */
  get live(): boolean {
    return !this.json && this.streams.stdout.isTTY === true;
  }

  paint(style: Style, text: string): string {
    return this.colour ? styleText(style, text, { validateStream: false }) : text;
  }

  /** A line of human output; dropped with --json. */
  line(text = ''): void {
    if (!this.json) this.streams.stdout.write(`${text}\n`);
  }

  /** The JSON document of --json; nothing without it. */
  data(value: unknown): void {
    if (this.json) this.streams.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** What went wrong, in words, on stderr (with or without --json). */
  error(text: string): void {
    this.streams.stderr.write(`${this.paint('red', text)}\n`);
  }

  /** A note for the person, on stderr so it never mixes into what stdout carries (prompts, hints). */
  note(text: string): void {
    this.streams.stderr.write(`${text}\n`);
  }
}
