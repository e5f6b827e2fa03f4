import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';
import { hmac } from './services/crypto.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';
import { startServerProcess } from './testing/process.ts';

// Issue 16 point 4: every setting read once at start through one schema that names what is wrong.

const problemsOf = (env: NodeJS.ProcessEnv): readonly string[] => {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

const production = {
  NODE_ENV: 'production',
  VENDO_DEMO: '1',
  DATABASE_URL: 'postgres://vendo@db.internal/vendo',
  VENDO_PUBLIC_ORIGIN: 'https://vendo.example',
  VENDO_CODE_SECRET: 'k'.repeat(32),
  VENDO_SPEI_SECRET: 's'.repeat(32),
  VENDO_STORE_SECRET: 's'.repeat(32),
};

describe('the settings schema (issue 16 point 4)', () => {
  it('names a variable whose value is wrong, and the value', () => {
    expect(problemsOf({ PORT: '80a' })).toEqual(['PORT must be a port number (0–65535), not "80a"']);
  });

  it('names every wrong variable at once, not only the first', () => {
    const problems = problemsOf({ PORT: '70000', VENDO_DEV_CONTROL: 'yes', LOG_LEVEL: 'loud' });

    expect(problems).toEqual([
      expect.stringMatching(/^PORT /),
      expect.stringMatching(/^VENDO_DEV_CONTROL /),
      expect.stringMatching(/^LOG_LEVEL /),
    ]);
  });

  it('never repeats a database URL or a secret in what it says is wrong', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://vendo:hunter2@db/vendo',
      VENDO_CODE_SECRET: 'too-short-s3cret',
    });

    expect(problems).toEqual([
      'DATABASE_URL must be a postgres:// URL',
      'VENDO_CODE_SECRET must be at least 32 characters',
    ]);
  });
});

describe('e-mail settings (issue 35 point 4)', () => {
  it('sends through no SMTP server unless told, from an address of the reserved .invalid domain', () => {
    expect(readConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Vendo <no-reply@vendo.invalid>' });
  });

  it('reads the SMTP server and the From address from their variables', () => {
    const mail = readConfig({
      VENDO_SMTP_URL: 'smtps://vendo:hunter2@smtp.example:465',
      VENDO_MAIL_FROM: 'Vendo <hola@vendo.example>',
    }).mail;

    expect(mail).toEqual({ smtpUrl: 'smtps://vendo:hunter2@smtp.example:465', from: 'Vendo <hola@vendo.example>' });
  });

  it('refuses an SMTP URL of another scheme without repeating it, since it may carry a password', () => {
    expect(problemsOf({ VENDO_SMTP_URL: 'https://vendo:hunter2@smtp.example' })).toEqual([
      'VENDO_SMTP_URL must be an smtp:// or smtps:// URL',
    ]);
  });

  it('refuses a From that is no address', () => {
    expect(problemsOf({ VENDO_MAIL_FROM: 'Vendo' })).toEqual([
      'VENDO_MAIL_FROM must be an address, alone or as Name <address>, not "Vendo"',
    ]);
  });
});

describe('the caps on texts (issue 32 point 3)', () => {
  it('defaults to 300 an hour and 3,000 a day per destination country, 1,000 and 10,000 over all', () => {
    expect(readConfig({}).textCaps).toEqual({
      perCountryPerHour: 300,
      perCountryPerDay: 3_000,
      perHour: 1_000,
      perDay: 10_000,
    });
  });

  it('reads each from its variable', () => {
    const config = readConfig({
      VENDO_SMS_PER_COUNTRY_PER_HOUR: '20',
      VENDO_SMS_PER_COUNTRY_PER_DAY: '200',
      VENDO_SMS_PER_HOUR: '50',
      VENDO_SMS_PER_DAY: '500',
    });

    expect(config.textCaps).toEqual({ perCountryPerHour: 20, perCountryPerDay: 200, perHour: 50, perDay: 500 });
  });

  it('takes only a whole number above 0', () => {
    expect(problemsOf({ VENDO_SMS_PER_DAY: '0' })).toEqual([
      'VENDO_SMS_PER_DAY must be a whole number of texts above 0, not "0"',
    ]);
  });
});

describe("the receipts' folio prefix (issue 35 point 3)", () => {
  it('is VEN unless VENDO_RECEIPT_PREFIX names another', () => {
    expect([readConfig({}).receiptPrefix, readConfig({ VENDO_RECEIPT_PREFIX: 'TIENDA' }).receiptPrefix]).toEqual([
      'VEN',
      'TIENDA',
    ]);
  });

  it.each(['V', 'VENDOMX', 'ven', 'VE-N'])('refuses %s: only 2 to 6 upper-case letters or digits', (prefix) => {
    expect(problemsOf({ VENDO_RECEIPT_PREFIX: prefix })).toEqual([
      `VENDO_RECEIPT_PREFIX must be 2 to 6 upper-case letters or digits, not "${prefix}"`,
    ]);
  });
});

describe('store references, issue 37 point 1', () => {
  it('can be paid for 72 hours unless told, and their notifications are signed with a derived key', () => {
    const config = readConfig({});

    expect(config).toMatchObject({ referenceHours: 72, storeSecret: undefined });
  });

  it.each([
    ['1', 1],
    ['168', 168],
  ])('takes VENDO_REFERENCE_HOURS=%s', (text, hours) => {
    expect(readConfig({ VENDO_REFERENCE_HOURS: text }).referenceHours).toBe(hours);
  });

  it.each(['0', '169', '1.5', 'a day'])('refuses VENDO_REFERENCE_HOURS=%s: from 1 to 168 whole hours', (text) => {
    expect(problemsOf({ VENDO_REFERENCE_HOURS: text })).toEqual([
      `VENDO_REFERENCE_HOURS must be a whole number of hours from 1 to 168, not "${text}"`,
    ]);
  });

  it('never repeats the store secret in what it says is wrong', () => {
    expect(problemsOf({ VENDO_STORE_SECRET: 'too-short-s3cret' })).toEqual([
      'VENDO_STORE_SECRET must be at least 32 characters',
    ]);
  });
});

describe('production refuses to start without what it needs (issue 16 point 4)', () => {
  it.each(['DATABASE_URL', 'VENDO_PUBLIC_ORIGIN', 'VENDO_CODE_SECRET', 'VENDO_SPEI_SECRET', 'VENDO_STORE_SECRET'])(
    'names %s when it is missing',
    (name) => {
      const problems = problemsOf({ ...production, [name]: undefined });

      expect(problems).toEqual([`${name} is required with NODE_ENV=production`]);
    },
  );

  it('takes a code secret only of 32 characters or more', () => {
    const problems = problemsOf({ ...production, VENDO_CODE_SECRET: 'k'.repeat(31) });

    expect(problems).toEqual(['VENDO_CODE_SECRET must be at least 32 characters']);
  });

  it('takes a SPEI secret only of 32 characters or more (issue 37 point 2)', () => {
    const problems = problemsOf({ ...production, VENDO_SPEI_SECRET: 's'.repeat(31) });

    expect(problems).toEqual(['VENDO_SPEI_SECRET must be at least 32 characters']);
  });

  it('starts with all of them, the dev control off', () => {
    const config = readConfig(production);

    expect(config).toMatchObject({
      databaseUrl: production.DATABASE_URL,
      publicOrigin: production.VENDO_PUBLIC_ORIGIN,
      codeSecret: production.VENDO_CODE_SECRET,
      speiSecret: production.VENDO_SPEI_SECRET,
      devControl: 'off',
    });
  });

  it('stops the start command naming each missing setting', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vendo-refuse-'));
    try {
      const refusal = await startServerProcess({ dataDir }, { NODE_ENV: 'production', VENDO_DEMO: '1' }).then(
        async (started) => {
          await started.kill();
          return 'started';
        },
        (error: Error) => error.message,
      );

      for (const name of [
        'DATABASE_URL',
        'VENDO_PUBLIC_ORIGIN',
        'VENDO_CODE_SECRET',
        'VENDO_SPEI_SECRET',
        'VENDO_STORE_SECRET',
      ]) {
        expect(refusal).toContain(`${name} is required with NODE_ENV=production`);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('sign-in codes hashed with VENDO_CODE_SECRET (issue 16 point 4)', () => {
  const codeSecret = 'a-key-kept-apart-from-the-database-0001';
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(undefined, undefined, undefined, { codeSecret });
  });
  afterAll(() => t.close());

  it('signs in with a code hashed by that key, and the database never gets a key of its own', async () => {
    const anonymous = t.api();
    await anonymous.members.requestCode({ phone: '5590004444', countries: '+52' });
    const outbox = (await (await t.dev('/sms?phone=%2B525590004444')).json()) as { messages: { code: string }[] };
    const code = outbox.messages[0]?.code ?? '';

    const confirmed = await anonymous.members.confirmCode({ phone: '5590004444', countries: '+52', verify_code: code });

    expect(confirmed.ok).toBe(true);
    const { db } = t.server.deps;
    const stored = await db.selectFrom('otp_codes').select('code_hash').where('phone', '=', '5590004444').execute();
    expect(stored).toEqual([{ code_hash: hmac(codeSecret, `+525590004444:${code}`) }]);
    expect(await db.selectFrom('server_secrets').selectAll().execute()).toEqual([]);
  });
});

describe("the invoices' issuer, issue 37 point 3", () => {
  it("is SAT's test issuer, series VEN, unless the VENDO_INVOICE_* settings name the operator", () => {
    expect(readConfig({}).invoiceIssuer).toEqual({
      rfc: 'EKU9003173C9',
      name: 'ESCUELA KEMPER URGATE',
      regime: '601',
      postalCode: '42501',
      series: 'VEN',
    });
  });

  it('takes the operator as set', () => {
    const config = readConfig({
      VENDO_INVOICE_ISSUER_RFC: 'AAA010101AAA',
      VENDO_INVOICE_ISSUER_NAME: 'MAQUINAS DEL NORTE',
      VENDO_INVOICE_ISSUER_REGIME: '601',
      VENDO_INVOICE_POSTAL_CODE: '64000',
      VENDO_INVOICE_SERIES: 'MN',
    });

    expect(config.invoiceIssuer).toEqual({
      rfc: 'AAA010101AAA',
      name: 'MAQUINAS DEL NORTE',
      regime: '601',
      postalCode: '64000',
      series: 'MN',
    });
  });

  it.each([
    ['VENDO_INVOICE_ISSUER_RFC', 'aaa010101aaa', 'must be an RFC of 12 or 13 capitals and digits'],
    ['VENDO_INVOICE_ISSUER_REGIME', '60', 'must be a c_RegimenFiscal code of 3 digits'],
    ['VENDO_INVOICE_POSTAL_CODE', '6400', 'must be a postal code of 5 digits'],
    ['VENDO_INVOICE_SERIES', 'v-1', 'must be 1 to 25 capitals or digits'],
  ])('refuses %s=%s', (name, value, words) => {
    expect(problemsOf({ [name]: value })).toEqual([`${name} ${words}, not "${value}"`]);
  });

  it.each([
    ['VENDO_INVOICE_ISSUER_RFC', 'AAA019931AAA', 'must be an RFC whose 6 digits are a real date (YYMMDD)'],
    ['VENDO_INVOICE_ISSUER_RFC', 'XAXX010101000', "must be the operator's own RFC, not a generic one"],
    [
      'VENDO_INVOICE_ISSUER_NAME',
      'MAQUINAS | DEL NORTE',
      'must be the name registered with SAT, 1 to 254 characters, without | or line breaks',
    ],
    [
      'VENDO_INVOICE_ISSUER_NAME',
      'MASZYNY ŁÓDŹ',
      "must be written in characters the invoice's PDF can draw (Latin letters, accents, Ñ)",
    ],
    ['VENDO_INVOICE_ISSUER_REGIME', '999', 'must be a c_RegimenFiscal code SAT lists'],
  ])('refuses %s=%s as its invoices would be refused (review point 6)', (name, value, words) => {
    expect(problemsOf({ [name]: value })).toEqual([`${name} ${words}, not "${value}"`]);
  });

  it("refuses a regime that does not fit the RFC's kind of person: a wage earner's 605 for a company (review point 6)", () => {
    const problems = problemsOf({ VENDO_INVOICE_ISSUER_RFC: 'AAA010101AAA', VENDO_INVOICE_ISSUER_REGIME: '605' });

    expect(problems).toEqual([
      'VENDO_INVOICE_ISSUER_REGIME must be a regime SAT allows a persona moral (VENDO_INVOICE_ISSUER_RFC has 12 characters), not "605"',
    ]);
  });

  it('takes an accented name and Ñ, which the PDF draws', () => {
    const config = readConfig({ VENDO_INVOICE_ISSUER_NAME: 'MÁQUINAS DE PEÑA' });

    expect(config.invoiceIssuer?.name).toBe('MÁQUINAS DE PEÑA');
  });
});
