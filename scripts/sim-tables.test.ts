import { describe, expect, it } from 'vitest';
import { linesMatching, sourceFiles } from './source-files.ts';

/**
 * The tables of the emulated outside world (apps/api/src/sim/): the machines' scripts and keys, the SMS
 * outbox, the mail outbox, the card provider's tokens and charges, the voucher provider's codes. Vendo's
 * services reach that world only through its ports (CardProvider, VoucherProvider, SmsSender, MailSender,
 * MachineRunner, KeypadMachines).
 */
const simTables = [
  'machine_scripts',
  'keypad_keys',
  'sms_outbox',
  'mail_outbox',
  'provider_tokens',
  'provider_charges',
  'voucher_codes',
];
const namesSimTable = new RegExp(
  `['"\`](?:${simTables.join('|')})['"\`]|\\b(?:from|into|update|join)\\s+(?:${simTables.join('|')})\\b`,
);

/**
 * Who may name them: the emulation itself, the mail port (its dev outbox), the schema that creates them, the demo seed that resets the
 * whole world, and tests.
 */
const mayName = (path: string) =>
  path.startsWith('apps/api/src/sim/') ||
  path.startsWith('apps/api/src/mail/') ||
  /^apps\/api\/src\/db\/(migrations|schema)\.ts$/.test(path) ||
  path.startsWith('apps/api/src/seed/') ||
  /\.test\.tsx?$/.test(path);

describe('the emulated outside world keeps its tables (issue 34 point 3)', () => {
  it("catches a table of the emulation named in a query, and lets Vendo's own through", () => {
    expect(
      [
        "await db.insertInto('provider_tokens').values(row).execute();",
        ".selectFrom('voucher_codes')",
        'await sql`delete from sms_outbox`.execute(db);',
        ".selectFrom('credit_cards')",
        ".insertInto('deals')",
      ].map((line) => namesSimTable.test(line)),
    ).toEqual([true, true, true, false, false]);
  });

  it('no API source outside sim/ reads or writes them: services reach the emulation through its ports', () => {
    const sources = sourceFiles().filter((path) => path.startsWith('apps/api/src/') && !mayName(path));

    expect(linesMatching(sources, namesSimTable)).toEqual([]);
  });
});
