import { describe, expect, it } from 'vitest';
import { linesMatching, sourceFiles } from './source-files.ts';

/** Where the formats are written: the contract's zod-free modules (docs/rules.md). */
const homes = new Set(['packages/core/src/contract/member-formats.ts', 'packages/core/src/contract/card-number.ts']);
/** Tests and journeys pin the formats with examples of their own. */
const isTest = (path: string) => /\.(test|spec)\.tsx?$|\.test-d\.ts$/.test(path) || /(^|\/)e2e\//.test(path);

/**
 * A format of spec §5/§9 written by hand as a digit count: the phone's 10, the code's 4 (whole: a year's
 * four digits inside a date are another thing), the CVV's 3 or 4, the employee number's 8 to 10, the card
 * number's 15 or 16.
 */
const handWrittenFormat = /\\d\{(?:10|3,4|8,10|15,16)\}|\^\\d\{4\}\$/;

describe('the formats a member types, written once (issue 34 point 2)', () => {
  it('catches a format written as a digit count, and lets other counts through', () => {
    expect(
      [
        'const phone = z.string().check(z.regex(/^\\d{10}$/));',
        'verify_code: z.string().check(z.regex(/^\\d{4}$/)),',
        'if (!/^\\d{3,4}$/.test(form.cvv)) return;',
        'const e164 = /^(\\+\\d{1,3})(\\d{10})$/;',
        'const date = /^(\\d{4})-(\\d{2})/;',
        'const phone = z.string().check(z.regex(phonePattern));',
        'const prefix = /^\\d{1,3}/;',
      ].map((line) => handWrittenFormat.test(line)),
    ).toEqual([true, true, true, true, false, false, false]);
  });

  it('no source but the contract writes one: the form, the wire and the API read the contract', () => {
    const sources = sourceFiles().filter((path) => !homes.has(path) && !isTest(path));

    const offenders = linesMatching(sources, handWrittenFormat);

    expect(offenders).toEqual([]);
  });
});
