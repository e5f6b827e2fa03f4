import { describe, expect, it } from 'vitest';
import { DEFAULT_API, parseCommandLine } from './args.ts';

const parse = (line: string, env: NodeJS.ProcessEnv = {}) => parseCommandLine(line.split(' ').filter(Boolean), env);

describe('commands and their arguments', () => {
  it.each([
    ['login', { name: 'login', phone: null }],
    ['login --phone 5512345678', { name: 'login', phone: '5512345678' }],
    ['machines demo', { name: 'machines', machine: 'demo' }],
    ['buy demo 1', { name: 'buy', machine: 'demo', product: '1' }],
    // A product name is the rest of the line, however many words.
    ['buy demo Agua natural 600 ml', { name: 'buy', machine: 'demo', product: 'Agua natural 600 ml' }],
    ['balance', { name: 'balance' }],
    ['history', { name: 'history' }],
    ['help', { name: 'help' }],
    ['--help', { name: 'help' }],
    ['buy -h', { name: 'help' }],
  ])('%s', (line, command) => {
    expect(parse(line)).toMatchObject({ ok: true, invocation: { command } });
  });

  it('takes options anywhere on the line', () => {
    expect(parse('--json machines --api http://vendo.test demo')).toEqual({
      ok: true,
      invocation: { command: { name: 'machines', machine: 'demo' }, json: true, api: 'http://vendo.test' },
    });
  });
});

describe('the server address: --api, else VENDO_API, else the local reference API', () => {
  it.each([
    ['balance', {}, DEFAULT_API],
    ['balance', { VENDO_API: 'https://vendo.example' }, 'https://vendo.example'],
    ['balance --api http://127.0.0.1:4000', { VENDO_API: 'https://vendo.example' }, 'http://127.0.0.1:4000'],
  ])('%s with %o → %s', (line, env, api) => {
    expect(parse(line, env)).toMatchObject({ ok: true, invocation: { api } });
  });

  it.each([['balance --api ftp://vendo.example'], ['balance --api localhost:3000']])('refuses %s', (line) => {
    expect(parse(line)).toMatchObject({ ok: false, problem: { kind: 'badApi' } });
  });
});

describe('usage errors (exit code 2)', () => {
  it.each([
    ['', { kind: 'noCommand' }],
    ['shop demo', { kind: 'unknownCommand', detail: 'shop' }],
    ['machines', { kind: 'missingArgument', detail: 'machine' }],
    ['buy', { kind: 'missingArgument', detail: 'machine' }],
    ['buy demo', { kind: 'missingArgument', detail: 'product' }],
    ['machines demo auto', { kind: 'extraArgument', detail: 'auto' }],
    ['balance now', { kind: 'extraArgument', detail: 'now' }],
    ['balance --verbose', { kind: 'unknownOption', detail: '--verbose' }],
    ['balance --api', { kind: 'optionValue', detail: '--api' }],
    ['balance --phone 5512345678', { kind: 'misplacedOption', detail: '--phone' }],
  ])('"%s"', (line, problem) => {
    expect(parse(line)).toMatchObject({ ok: false, problem });
  });

  it('keeps --json for the error document of a line it cannot read', () => {
    expect(parse('balance --verbose --json')).toMatchObject({ ok: false, json: true });
  });
});
