import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { environment } from './config.ts';

// Issue 33 point 7: .env.example lists every setting the server reads, each with its default, and
// stays equal to the schema (apps/api/src/config.ts) as settings come and go.

/** `NAME=value` lines, commented out (`# NAME=value`) or not. */
const written = new Map(
  [
    ...readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8').matchAll(
      /^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm,
    ),
  ].map((line) => [line[1] ?? '', line[2] ?? '']),
);
const schema = environment(false);
// readConfig reads NODE_ENV itself, to choose between the development and the production schema.
const read = [...Object.keys(schema.shape), 'NODE_ENV'].sort();
/** What the schema makes of a variable's text, or of its absence. */
const settingOf = (name: string, text?: string) =>
  (z.parse(schema, text ? { [name]: text } : {}) as Record<string, unknown>)[name];

describe('.env.example (issue 33 point 7)', () => {
  it('names every variable the schema reads, and only those', () => {
    expect([...written.keys()].sort()).toEqual(read);
  });

  it.each([...written].filter(([name, text]) => text !== '' && name !== 'NODE_ENV'))(
    'writes the default of %s as the schema has it (%s)',
    (name, text) => {
      expect(settingOf(name, text)).toEqual(settingOf(name));
    },
  );

  it.each([...written].filter(([, text]) => text === ''))(
    'leaves %s empty only where the schema has no default to write (unset, none, or a path of this machine)',
    (name) => {
      const absent = settingOf(name);

      expect(
        absent === undefined ||
          (Array.isArray(absent) && absent.length === 0) ||
          (typeof absent === 'string' && isAbsolute(absent)),
      ).toBe(true);
    },
  );
});
