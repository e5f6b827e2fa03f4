import { createLogger, type LogLevel } from '../log.ts';

/** Fields every line has (level, time, process, request id, duration): digits a short code could match by chance. */
const bookkeeping = new Set(['level', 'time', 'pid', 'hostname', 'requestId', 'durationMs']);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A logger whose JSON lines a test reads back, exactly as the server would have written them. */
export function capturedLog(level: LogLevel = 'trace') {
  const lines: string[] = [];
  const waiting = new Set<(entry: Record<string, unknown>) => void>();
  const logger = createLogger({
    level,
    destination: {
      write(line: string) {
        lines.push(line);
        const entry = JSON.parse(line) as Record<string, unknown>;
        for (const hear of waiting) hear(entry);
      },
    },
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    logger,
    /** The raw lines, each one JSON object. */
    lines,
    /** The lines parsed. */
    entries,
    /** The first line with this message, as soon as it is written (at once if it already was). */
    written(msg: string): Promise<Record<string, unknown>> {
      const found = entries().find((entry) => entry.msg === msg);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const hear = (entry: Record<string, unknown>) => {
          if (entry.msg !== msg) return;
          waiting.delete(hear);
          resolve(entry);
        };
        waiting.add(hear);
      });
    },
    /**
     * Whether a line holds `word` on its own (not inside a longer run of letters or digits, nor after
     * a mask's `*`), bookkeeping fields aside: for a secret as short as a 4-digit code.
     */
    mentionsWord(word: string) {
      const alone = new RegExp(`(?<![\\w*])${escaped(word)}(?!\\w)`);
      return entries().some((entry) =>
        alone.test(JSON.stringify(Object.entries(entry).filter(([key]) => !bookkeeping.has(key)))),
      );
    },
  };
}
