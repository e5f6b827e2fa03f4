import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { colourWanted, Output } from './output.ts';

function capture() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const read = (stream: PassThrough) => String(stream.read() ?? '');
  return { streams: { stdout, stderr }, stdout: () => read(stdout), stderr: () => read(stderr) };
}

describe('colour only for a person at a terminal (no-color.org)', () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { NO_COLOR: '1' }, false],
    [false, { NO_COLOR: '1' }, false],
    // no-color.org: set to a non-empty value.
    [true, { NO_COLOR: '' }, true],
  ])('stdout a terminal: %s, %o → %s', (isTTY, env, wanted) => {
    expect(colourWanted(isTTY, env)).toBe(wanted);
  });

  it('paints nothing when colour is off', () => {
    const out = new Output(capture().streams, false, false);

    expect(out.paint('red', 'x')).toBe('x');
  });
});

describe('--json: one JSON document on stdout, nothing decorative', () => {
  it('drops human lines and keeps the document', () => {
    const io = capture();
    const out = new Output(io.streams, true, false);

    out.line('Saldo: $86.00');
    out.data({ balance: 86 });

    expect(JSON.parse(io.stdout())).toEqual({ balance: 86 });
  });

  it('still says what went wrong, on stderr', () => {
    const io = capture();
    const out = new Output(io.streams, true, false);

    out.error('No has iniciado sesión.');

    expect([io.stdout(), io.stderr()]).toEqual(['', 'No has iniciado sesión.\n']);
  });

  it('prints no document without --json', () => {
    const io = capture();
    const out = new Output(io.streams, false, false);

    out.data({ balance: 86 });
    out.line('Saldo: $86.00');

    expect(io.stdout()).toBe('Saldo: $86.00\n');
  });
});
