import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Settings {
  readonly api: string;
  readonly config: string;
  /** The locale variable the terminal reads its language from. */
  readonly lang?: string;
}

/** `vendo` as a person's shell runs it: a process of its own, its stdin a pipe (not a terminal). */
export interface Running {
  /** Resolves once the output (stdout and stderr) holds the text. */
  waitForOutput(text: string): Promise<void>;
  /** A line typed on stdin. */
  type(line: string): void;
  /** Nothing more will be typed: stdin closes. */
  endInput(): void;
  readonly finished: Promise<Finished>;
}

export function startVendo(args: readonly string[], settings: Settings): Running {
  const child = spawn(process.execPath, [main, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: settings.config,
      VENDO_CONFIG_DIR: settings.config,
      VENDO_API: settings.api,
      LANG: settings.lang ?? 'es_MX.UTF-8',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  const check = () => {
    for (const wait of [...waiting]) {
      if (!(stdout + stderr).includes(wait.text)) continue;
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    check();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    check();
  });
  const finished = new Promise<Finished>((resolve) => {
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return {
    waitForOutput(text) {
      return new Promise((resolve, reject) => {
        waiting.push({ text, resolve });
        check();
        finished.then(({ code }) =>
          reject(new Error(`vendo exited (${code}) before printing "${text}":\n${stdout}${stderr}`)),
        );
      });
    },
    type(line) {
      child.stdin.write(`${line}\n`);
    },
    endInput() {
      child.stdin.end();
    },
    finished,
  };
}

/** `vendo` with nothing to type: runs to the end, stdin closed. */
export function vendo(args: readonly string[], settings: Settings): Promise<Finished> {
  const running = startVendo(args, settings);
  running.endInput();
  return running.finished;
}
