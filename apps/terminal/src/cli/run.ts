import { storageKeys } from '@vendo/core';
import { balance } from '../commands/balance.ts';
import { buy } from '../commands/buy.ts';
import { type CommandContext, type ExitCode, exitCodes } from '../commands/context.ts';
import { history } from '../commands/history.ts';
import { login } from '../commands/login.ts';
import { machines } from '../commands/machines.ts';
import { type Texts, textsFor, type UsageProblem } from '../messages/index.ts';
import { apiClient } from '../platform/api.ts';
import { localeFrom } from '../platform/locale.ts';
import { colourWanted, Output } from '../platform/output.ts';
import { linePrompter, terminalPrompter } from '../platform/prompter.ts';
import { configFolder, FileStorage } from '../platform/storage.ts';
import { type Command, parseCommandLine } from './args.ts';

/** The process the terminal runs in: its arguments, environment and standard streams. */
export interface Terminal {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

function usageMessage(texts: Texts, problem: UsageProblem): string {
  if (problem.kind === 'missingArgument') return texts.usage.missingArgument(texts.argumentNames[problem.detail]);
  return texts.usage[problem.kind]('detail' in problem ? problem.detail : '');
}

function dispatch(context: CommandContext, command: Exclude<Command, { name: 'help' }>, terminal: Terminal) {
  switch (command.name) {
    case 'login':
      return login(context, command.phone);
    case 'machines':
      return machines(context, command.machine);
    case 'buy':
      return buy(context, command.machine, command.product, terminal.stdout);
    case 'balance':
      return balance(context);
    case 'history':
      return history(context);
  }
}

/** Runs one command line; resolves with the exit code (0 ok, 1 failure, 2 usage error). */
export async function run(terminal: Terminal): Promise<ExitCode> {
  const locale = localeFrom(terminal.env);
  const texts = textsFor(locale);
  const colour = colourWanted(terminal.stdout.isTTY === true, terminal.env);
  const parsed = parseCommandLine(terminal.argv, terminal.env);
  if (!parsed.ok) {
    const out = new Output(terminal, parsed.json, colour);
    const message = usageMessage(texts, parsed.problem);
    out.error(`vendo: ${message}`);
    out.note(texts.seeHelp);
    out.data({ error: { code: 'usage', message } });
    return exitCodes.usage;
  }
  const { command, json, api: address } = parsed.invocation;
  if (command.name === 'help') {
    terminal.stdout.write(`${texts.help}\n`);
    return exitCodes.ok;
  }
  const out = new Output(terminal, json, colour);
  const storage = new FileStorage(configFolder(terminal.env));
  // At a terminal prompts are drawn where the person looks, but never into --json output; questions
  // for a script go to stderr, so stdout carries only the answer.
  const prompts = json ? terminal.stderr : terminal.stdout;
  const prompter =
    terminal.stdin.isTTY === true && prompts.isTTY === true
      ? terminalPrompter({ stdin: terminal.stdin, prompts, answers: texts })
      : linePrompter({ stdin: terminal.stdin, prompts: terminal.stderr });
  const context: CommandContext = {
    api: apiClient(address, locale, () => storage.read(storageKeys.token)),
    apiFor: (token) => apiClient(address, locale, () => token),
    address,
    storage,
    locale,
    texts,
    out,
    prompter,
  };
  try {
    return await dispatch(context, command, terminal);
  } finally {
    prompter.close();
  }
}
