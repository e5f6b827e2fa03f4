#!/usr/bin/env node
// The `vendo` command: Vendo in a terminal, on @vendo/core alone (README.md beside this folder).
import { run } from './cli/run.ts';
import { textsFor } from './messages/index.ts';
import { localeFrom } from './platform/locale.ts';

// Ctrl-C outside a prompt (a prompt answers it itself): say so, and stop with the shell's usual code.
process.once('SIGINT', () => {
  process.stderr.write(`\n${textsFor(localeFrom(process.env)).cancelled}\n`);
  process.exit(130);
});

// A reader that stops early (`vendo machines demo | head`) is not a failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await run({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
