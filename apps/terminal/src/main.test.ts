// Journeys: `vendo` run as a process, as a shell runs it, against the reference API (one per suite).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendo, vendo } from './testing/cli.ts';
import {
  closedPort,
  configFolderFor,
  freshPhone,
  type Member,
  type ReferenceApi,
  startReferenceApi,
} from './testing/reference-api.ts';

const water = 'Agua natural 600 ml'; // $14.00 on every seeded machine
const english = 'en_US.UTF-8';

let api: ReferenceApi;
const folders: string[] = [];

beforeAll(async () => {
  api = await startReferenceApi();
});

afterAll(async () => {
  await api?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** An empty config folder: nobody has signed in there. */
function emptyConfig(): string {
  const folder = mkdtempSync(join(tmpdir(), 'vendo-terminal-config-'));
  folders.push(folder);
  return folder;
}

/** A member with this balance, signed in in a config folder of their own. */
async function signedIn(balance: number): Promise<{ member: Member; config: string }> {
  const member = await api.newMember(balance);
  const config = configFolderFor(member);
  folders.push(config);
  return { member, config };
}

describe('vendo login (spec §4 login flow: phone, then the texted 4-digit code)', () => {
  it('signs in with the texted code and keeps the session owner-only', async () => {
    const phone = freshPhone();
    const config = emptyConfig();
    const login = startVendo(['login', '--phone', phone], { api: api.url, config });

    await login.waitForOutput('Código de 4 dígitos');
    login.type(await api.lastCode(phone));
    const { code, stdout } = await login.finished;

    expect(code).toBe(0);
    expect(stdout).toContain(`Sesión iniciada: +52 ${phone}.`);
    expect(statSync(join(config, 'session.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(config, 'session.json'), 'utf8')).toContain('vendo.token');
  });

  it('says a wrong code is wrong, then takes the right one', async () => {
    const phone = freshPhone();
    const config = emptyConfig();
    const login = startVendo(['login', '--phone', phone, '--json'], { api: api.url, config });
    await login.waitForOutput('Código de 4 dígitos');
    const right = await api.lastCode(phone);

    login.type(right === '0000' ? '1111' : '0000');
    await login.waitForOutput('Ese código no es correcto');
    login.type(right);
    const { code, stdout } = await login.finished;

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ signed_in: true, phone: `+52${phone}` });
  });

  it('reads the phone from stdin too, and the session it keeps shows the balance', async () => {
    const phone = freshPhone();
    const config = emptyConfig();
    const login = startVendo(['login'], { api: api.url, config });
    await login.waitForOutput('Tu número de teléfono');
    login.type(phone);
    await login.waitForOutput('Código de 4 dígitos');
    login.type(await api.lastCode(phone));
    expect((await login.finished).code).toBe(0);

    const { code, stdout } = await vendo(['balance'], { api: api.url, config });

    expect(code).toBe(0);
    expect(stdout).toBe('Saldo: $0.00\n');
  });

  it('refuses a number that is not 10 digits (spec §5), before texting anything', async () => {
    const { code, stderr } = await vendo(['login', '--phone', '55123'], { api: api.url, config: emptyConfig() });

    expect(code).toBe(1);
    expect(stderr).toContain('Escribe tu número de teléfono de 10 dígitos');
  });
});

describe('vendo machines <name>', () => {
  it("lists demo's products by category with their prices (spec §9: 2 decimals)", async () => {
    const { code, stdout } = await vendo(['machines', 'demo'], { api: api.url, config: emptyConfig() });

    expect(code).toBe(0);
    expect(stdout).toMatch(/^@demo\n\nBebidas\n/);
    expect(stdout).toMatch(/Agua natural 600 ml +\$14\.00/);
  });

  it.each([
    ['es_MX.UTF-8', /Torta de milanesa +\$55\.00 · agotado/],
    [english, /Torta de milanesa +\$55\.00 · sold out/],
  ])('says in words which products are sold out (issue 35 point 1), in %s', async (lang, line) => {
    const { code, stdout } = await vendo(['machines', 'demo'], { api: api.url, config: emptyConfig(), lang });

    expect(code).toBe(0);
    expect(stdout).toMatch(line);
  });

  it('--json: one document on stdout, nothing decorative', async () => {
    const { code, stdout } = await vendo(['machines', '@demo', '--json'], { api: api.url, config: emptyConfig() });

    const listed = JSON.parse(stdout);
    expect(code).toBe(0);
    expect(listed.machine).toMatchObject({ name: 'demo', status: 'online' });
    expect(listed.products).toContainEqual(expect.objectContaining({ name: water, price: 14, currency: 'MXN' }));
    expect(listed.products).toContainEqual(expect.objectContaining({ name: 'Torta de milanesa', available: false }));
  });

  it.each([
    ['es_MX.UTF-8', 'Máquina no encontrada: no existe @nope.'],
    [english, 'Machine not found: there is no @nope.'],
  ])('a machine that does not exist (spec §8 Machine not found), %s', async (lang, message) => {
    const { code, stdout, stderr } = await vendo(['machines', 'nope'], { api: api.url, config: emptyConfig(), lang });

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(message);
  });
});

describe('vendo buy <machine> <product> (spec §4 buy flow, then delivery_status navigation)', () => {
  it('buys water on demo from the balance and follows it to the tray; the balance drops by the price once', async () => {
    const { member, config } = await signedIn(100);

    const { code, stdout } = await vendo(['buy', 'demo', water], { api: api.url, config });

    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      'Haciendo la compra…',
      'Conectando con @demo…',
      'La máquina está lista: marca 10 en el teclado de la máquina.',
      `¡Disfruta tu compra! Toma ${water} de la bandeja de la máquina.`,
      '',
    ]);
    expect(await api.balanceOf(member)).toBe(86);
    const history = await vendo(['history', '--json'], { api: api.url, config });
    expect(JSON.parse(history.stdout).deals).toEqual([expect.objectContaining({ delivery_status: 0 })]);
  });

  it.each([
    ['es_MX.UTF-8', 'Producto no entregado', 'La máquina no entregó tu producto. No se te cobró.'],
    [english, 'Product not delivered', 'The machine did not deliver your product. You were not charged.'],
  ])(
    'a machine that reports status 5 shows its title and description (spec §4 status messages), %s',
    async (lang, title, description) => {
      const { member, config } = await signedIn(100);
      await api.script('demo', member, { deal_statuses: [{ status: 5, after_ms: 300 }] });

      const { code, stderr } = await vendo(['buy', 'demo', '1'], { api: api.url, config, lang });

      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([title, description]);
      expect(await api.balanceOf(member)).toBe(100);
    },
  );

  it('--json gives the failed deal, its status and its reason', async () => {
    const { member, config } = await signedIn(100);
    await api.script('demo', member, { deal_statuses: [{ status: 7, after_ms: 300 }] });

    const { code, stdout } = await vendo(['buy', 'demo', '1', '--json'], { api: api.url, config, lang: english });

    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      outcome: 'failed',
      deal: { delivery_status: 7 },
      failure: { status: 7, reason: 'machineInUse', title: 'Machine in use' },
    });
  });

  it('a deal the provider refuses shows the error screen: its message, description and extra information (spec §8)', async () => {
    const { member, config } = await signedIn(100);
    const refusal = { error_code: -100, message: 'La máquina está ocupada', description: 'Otra compra está en curso.' };
    await api.script('demo', member, { deal_error: { ...refusal, additional_information: 'Folio 4471' } });

    const { code, stderr } = await vendo(['buy', 'demo', water], { api: api.url, config });

    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([refusal.message, refusal.description, 'Folio 4471']);
  });

  it('a refusal without words gets the error screen defaults (spec §8)', async () => {
    const { member, config } = await signedIn(100);
    await api.script('demo', member, { deal_error: {} });

    const { code, stderr } = await vendo(['buy', 'demo', water], { api: api.url, config });

    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual(['Error interno del servidor', 'Por favor intenta más tarde.']);
  });

  it('refuses a product the balance does not cover, before making any deal', async () => {
    const { member, config } = await signedIn(0);

    const { code, stderr } = await vendo(['buy', 'demo', water], { api: api.url, config });

    expect(code).toBe(1);
    expect(stderr).toContain('Tu saldo ($0.00) no alcanza para este producto ($14.00).');
    expect(await api.balanceOf(member)).toBe(0);
  });

  it('needs a session', async () => {
    const { code, stderr } = await vendo(['buy', 'demo', water], { api: api.url, config: emptyConfig() });

    expect(code).toBe(1);
    expect(stderr.trim()).toBe('No has iniciado sesión. Escribe vendo login.');
  });
});

describe('failures a person can act on', () => {
  it.each([
    ['es_MX.UTF-8', 'No pudimos conectar con Vendo en'],
    [english, 'We could not reach Vendo at'],
  ])('no network: an address nothing answers at, %s', async (lang, message) => {
    const closed = `http://127.0.0.1:${await closedPort()}`;

    const { code, stderr } = await vendo(['machines', 'demo'], { api: closed, config: emptyConfig(), lang });

    expect(code).toBe(1);
    expect(stderr).toContain(`${message} ${closed}`);
  });

  it('a session the server no longer knows is forgotten, and the person is told to sign in again', async () => {
    const { member, config } = await signedIn(100);
    const forged = configFolderFor({ ...member, token: 'not-a-token' });
    folders.push(forged);

    const { code, stderr } = await vendo(['balance'], { api: api.url, config: forged });

    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Tu sesión expiró. Escribe vendo login para entrar de nuevo.');
    expect(readFileSync(join(forged, 'session.json'), 'utf8')).not.toContain('not-a-token');
    expect((await vendo(['balance'], { api: api.url, config })).stdout).toBe('Saldo: $100.00\n');
  });

  it('a usage error exits with 2 and points at --help', async () => {
    const { code, stderr } = await vendo(['shop', 'demo'], { api: api.url, config: emptyConfig() });

    expect(code).toBe(2);
    expect(stderr).toBe('vendo: No existe el comando «shop».\nEscribe vendo --help para ver el uso.\n');
  });
});

describe('issue 36 point 4: stamp cards and bonus credit, from core', () => {
  const cola = 'Refresco de cola 355 ml'; // $19 at premios, Café Premia's: 8 stamps from $15, free up to $25

  /** A top-up of `amount` made for premios and paid on the provider's checkout page: credited, with its bonus. */
  async function topUpAtPremios(member: Member, amount: number) {
    const headers = { Authorization: `Token token=${member.token}`, 'Content-Type': 'application/json' };
    const machine = (await (await fetch(`${api.url}/api/product_server/premios`)).json()) as {
      product_server: { id: number };
    };
    const started = await fetch(`${api.url}/api/community_members/${member.id}/top_ups/with_redirect`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount, currency: 'MXN', product_server_id: machine.product_server.id }),
    });
    const { url } = (await started.json()) as { url: string };
    await fetch(url, { method: 'POST', redirect: 'manual' });
  }

  it("says what a purchase earns on the machine's stamp card before making it, and machines shows the progress", async () => {
    const { member, config } = await signedIn(100);
    await api.script('premios', member, { deal_statuses: [{ status: 0, after_ms: 300 }] });

    const bought = await vendo(['buy', 'premios', cola], { api: api.url, config });
    const machines = await vendo(['machines', 'premios'], { api: api.url, config });

    expect(bought.stdout.split('\n').slice(0, 2)).toEqual([
      'Tarjeta de sellos: 0 de 8 sellos; al llegar a 8, tu siguiente compra es gratis (hasta $25.00).',
      'Esta compra te da un sello: 1 de 8.',
    ]);
    expect(machines.stdout).toContain(
      'Tarjeta de sellos: 1 de 8 sellos; al llegar a 8, tu siguiente compra es gratis (hasta $25.00).',
    );
  });

  it('shows bonus credit apart from own money on balance: +5 % of a $200 top-up', async () => {
    const { member, config } = await signedIn(100);
    await topUpAtPremios(member, 200);

    const { stdout } = await vendo(['balance', '--json'], { api: api.url, config });

    expect(JSON.parse(stdout)).toMatchObject({ balance: 300, bonus: 10 });
  });

  it('says nothing of rewards on a machine whose operator runs none', async () => {
    const { config } = await signedIn(100);

    const { stdout } = await vendo(['machines', 'demo'], { api: api.url, config });

    expect(stdout).not.toContain('sellos');
  });
});

describe('issue 37 point 5: balance lists pending store references and the CLABE, from core', () => {
  it('lists a reference still payable with its time left, and the CLABE the member was given', async () => {
    const { member, config } = await signedIn(0);
    const headers = { Authorization: `Token token=${member.token}`, 'Content-Type': 'application/json' };
    await fetch(`${api.url}/api/community_members/${member.id}/top_ups/reference`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': `terminal-${member.id}` },
      body: JSON.stringify({ amount: 100, currency: 'MXN' }),
    });
    await fetch(`${api.url}/api/community_members/${member.id}/spei_account`, { method: 'POST', headers });

    const { stdout } = await vendo(['balance'], { api: api.url, config });

    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('Saldo: $0.00');
    expect(lines[1]).toBe('Pagos pendientes:');
    expect(lines[2]).toMatch(
      /^ {2}\$100\.00 · referencia \d{4} \d{4} \d{4} \d{4} · vence en 7[012] h \d{1,2} min · págala en efectivo en OXXO, /,
    );
    expect(lines[3]).toMatch(/^Tu CLABE para transferencias SPEI: 999 180 \d{11} \d \(.+\)$/);
  });
});
