import { spinner } from '@clack/prompts';
import type { Output } from './output.ts';

/** A live status line: what is happening now, then how it ended. */
export interface Progress {
  show(text: string): void;
  /** Ends the line with the outcome's headline: on stdout when it went well, on stderr when not. */
  end(headline: string, ok: boolean): void;
}

/**
 * At a terminal, clack's spinner redraws one line; in a pipe each new status is a line of its own,
 * printed once; with --json nothing is drawn (the outcome is the JSON document) and only a failure is
 * said, on stderr.
 */
export function progressFor(out: Output, stdout: NodeJS.WriteStream, cancelMessage: string): Progress {
  if (out.json) {
    return {
      show() {},
      end(headline, ok) {
        if (!ok) out.error(headline);
      },
    };
  }
  if (out.live) {
    const line = spinner({ output: stdout, cancelMessage });
    // Ctrl-C while the spinner holds the keyboard ends the process from inside clack, with 0: leaving
    // before the deal ended is an interruption, and says so with the shell's usual code.
    const interrupted = () => {
      process.exitCode = 130;
    };
    let started = false;
    return {
      show(status) {
        // The spinner draws its own moving dots after the text.
        const text = status.replace(/…$/, '');
        if (started) line.message(text);
        else line.start(text);
        if (!started) process.once('exit', interrupted);
        started = true;
      },
      end(headline, ok) {
        process.off('exit', interrupted);
        if (!started) line.start();
        if (ok) line.stop(headline);
        else line.error(out.paint('red', headline));
      },
    };
  }
  let last: string | null = null;
  return {
    show(text) {
      if (text !== last) out.line(text);
      last = text;
    },
    end(headline, ok) {
      if (ok) out.line(headline);
      else out.error(headline);
    },
  };
}
