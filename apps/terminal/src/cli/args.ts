import { parseArgs } from 'node:util';
import type { ArgumentName, UsageProblem } from '../messages/index.ts';

export const DEFAULT_API = 'http://localhost:3000';

export type Command =
  | { readonly name: 'help' }
  | { readonly name: 'login'; readonly phone: string | null }
  | { readonly name: 'machines'; readonly machine: string }
  | { readonly name: 'buy'; readonly machine: string; readonly product: string }
  | { readonly name: 'balance' }
  | { readonly name: 'history' };

export interface Invocation {
  readonly command: Command;
  readonly json: boolean;
  /** The server's address (an http(s) URL), as given. */
  readonly api: string;
}

export type Parsed =
  | { readonly ok: true; readonly invocation: Invocation }
  | { readonly ok: false; readonly problem: UsageProblem; readonly json: boolean };

const options = {
  json: { type: 'boolean' },
  api: { type: 'string' },
  phone: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Node's parseArgs failures, by their code, as the terminal's own usage problems. */
function optionProblem(error: unknown): UsageProblem {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-{1,2}[^'\s]+)/.exec(message)?.[1] ?? message;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return { kind: 'optionValue', detail: option };
  return { kind: 'unknownOption', detail: option };
}

/** --api, else VENDO_API, else the local reference API; only http(s) addresses. */
function apiAddress(given: string | undefined, env: NodeJS.ProcessEnv): string | null {
  const address = given ?? (env.VENDO_API || DEFAULT_API);
  const url = URL.parse(address);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? address : null;
}

/**
 * The command line as a command and its settings, or the usage problem in it. Options go anywhere;
 * a product name may be several words (`vendo buy demo Agua natural 600 ml`).
 */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  let values: { json?: boolean; api?: string; phone?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true }));
  } catch (error) {
    return { ok: false, problem: optionProblem(error), json: argv.includes('--json') };
  }
  const json = values.json === true;
  const fail = (problem: UsageProblem): Parsed => ({ ok: false, problem, json });
  const [name, ...rest] = positionals;
  if (values.help || name === 'help')
    return { ok: true, invocation: { command: { name: 'help' }, json, api: DEFAULT_API } };
  const api = apiAddress(values.api, env);
  if (api === null) return fail({ kind: 'badApi', detail: values.api ?? env.VENDO_API ?? '' });
  if (values.phone !== undefined && name !== 'login') return fail({ kind: 'misplacedOption', detail: '--phone' });
  const done = (command: Command): Parsed => ({ ok: true, invocation: { command, json, api } });
  const missing = (argument: ArgumentName): Parsed => fail({ kind: 'missingArgument', detail: argument });
  const extra = (count: number): Parsed | null =>
    rest.length > count ? fail({ kind: 'extraArgument', detail: rest[count] ?? '' }) : null;

  switch (name) {
    case undefined:
      return fail({ kind: 'noCommand' });
    case 'login':
      return extra(0) ?? done({ name: 'login', phone: values.phone ?? null });
    case 'machines': {
      const [machine] = rest;
      if (!machine) return missing('machine');
      return extra(1) ?? done({ name: 'machines', machine });
    }
    case 'buy': {
      const [machine, ...words] = rest;
      if (!machine) return missing('machine');
      const product = words.join(' ').trim();
      if (!product) return missing('product');
      return done({ name: 'buy', machine, product });
    }
    case 'balance':
    case 'history':
      return extra(0) ?? done({ name });
    default:
      return fail({ kind: 'unknownCommand', detail: name });
  }
}
