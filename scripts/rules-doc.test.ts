import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '..');

interface RuleRow {
  readonly rule: string;
  readonly file: string;
  readonly name: string;
}

/** The table's rows whose last two cells are a file and an export, each in backticks. */
function ruleRows(markdown: string): RuleRow[] {
  return markdown.split('\n').flatMap((line) => {
    const found = /^\|\s*(.+?)\s*\|.*\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|\s*$/.exec(line);
    return found?.[1] && found[2] && found[3] ? [{ rule: found[1], file: found[2], name: found[3] }] : [];
  });
}

/** What is wrong with a row: its file is gone, or the module no longer exports the name. */
async function problemsOf(row: RuleRow): Promise<string[]> {
  const path = join(repo, row.file);
  if (!existsSync(path)) return [`${row.rule}: ${row.file} is missing`];
  const module: Record<string, unknown> = await import(path);
  return row.name in module ? [] : [`${row.rule}: ${row.file} does not export ${row.name}`];
}

describe('docs/rules.md: each rule → the one file and export that holds it (issue 34 point 2)', () => {
  it('reads a row as its rule, file and export, and skips the header and other lines', () => {
    const markdown = [
      '| Rule | Spec | File | Export |',
      '| --- | --- | --- | --- |',
      '| Polling every 1 s | §9 | `packages/core/src/rules/machine-wait.ts` | `POLL_INTERVAL_MS` |',
      'Rows name a value the module exports, in `backticks`.',
    ].join('\n');

    expect(ruleRows(markdown)).toEqual([
      { rule: 'Polling every 1 s', file: 'packages/core/src/rules/machine-wait.ts', name: 'POLL_INTERVAL_MS' },
    ]);
  });

  it('finds a file that is gone and an export that is gone', async () => {
    const problems = await Promise.all(
      [
        { rule: 'a moved rule', file: 'packages/core/src/rules/constants.ts', name: 'POLL_INTERVAL_MS' },
        { rule: 'a renamed rule', file: 'packages/core/src/rules/machine-wait.ts', name: 'POLL_MS' },
      ].map(problemsOf),
    );

    expect(problems).toEqual([
      ['a moved rule: packages/core/src/rules/constants.ts is missing'],
      ['a renamed rule: packages/core/src/rules/machine-wait.ts does not export POLL_MS'],
    ]);
  });

  it('every file and export the table names exists', async () => {
    const rows = ruleRows(readFileSync(join(repo, 'docs/rules.md'), 'utf8'));

    const problems = (await Promise.all(rows.map(problemsOf))).flat();

    expect(rows.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
