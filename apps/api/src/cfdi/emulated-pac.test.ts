import { describe, expect, it } from 'vitest';
import { cfdiRequest, testKeys } from '../testing/cfdi.ts';
import { checkCfdi } from './anexo20.ts';
import { timbreCadena } from './cadena-original.ts';
import { type CfdiRequest, emulatedPac, emulatedPacRfc, type InvoicingPort } from './emulated-pac.ts';
import { registeredTaxpayer } from './sat-taxpayers.ts';
import { csdOf, sealVerifies } from './seal.ts';
import { childNamed, parseXml } from './xml-tree.ts';

const pac = (available?: () => Promise<boolean>) =>
  emulatedPac({
    issuerKeyPem: testKeys().issuer,
    pacKeyPem: testKeys().pac,
    taxpayer: registeredTaxpayer,
    now: () => new Date('2026-11-21T10:15:25Z'),
    ...(available ? { available } : {}),
  });

/** The issuer seals the request's CFDI, then the PAC is handed that document. */
const stamped = async (port: InvoicingPort, request: CfdiRequest, signal?: AbortSignal) =>
  port.stamp(await port.seal(request), signal);

const receptor = (change: Partial<CfdiRequest['receptor']>) =>
  cfdiRequest({ receptor: { ...cfdiRequest().receptor, ...change } });

describe('issue 37 point 3: the emulated PAC stamps a valid request', () => {
  it('answers a folio fiscal and the stamped XML, which passes the Anexo 20 check', async () => {
    const answer = await stamped(pac(), cfdiRequest());

    if (!answer.ok) throw new Error(answer.detail);
    expect(answer.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(answer.stampedAt).toEqual(new Date('2026-11-21T10:15:25Z'));
    expect(checkCfdi(answer.xml)).toEqual([]);
  });

  it("seals its TimbreFiscalDigital with the PAC's key over the TFD cadena", async () => {
    const answer = await stamped(pac(), cfdiRequest());
    if (!answer.ok) throw new Error(answer.detail);
    const parsed = parseXml(answer.xml);
    if ('error' in parsed) throw new Error(parsed.error);

    const timbre = childNamed(childNamed(parsed.root, 'cfdi:Complemento'), 'tfd:TimbreFiscalDigital');
    const { SelloSAT = '', NoCertificadoSAT } = timbre?.attributes ?? {};
    const pacCsd = csdOf(testKeys().pac);

    expect(timbre?.attributes).toMatchObject({
      UUID: answer.uuid,
      RfcProvCertif: emulatedPacRfc,
      FechaTimbrado: '2026-11-21T04:15:25',
    });
    expect(timbre && sealVerifies(timbreCadena(timbre), SelloSAT, pacCsd.certificate, NoCertificadoSAT)).toBe(true);
  });

  it.each([
    [5_000, 'SubTotal="43.10"', 'Total="50.00"'],
    [20_000, 'SubTotal="172.41"', 'Total="200.00"'],
    [199_999, 'SubTotal="1724.13"', 'Total="1999.99"'],
  ])('stamps a top-up of %i cents whose amounts add up (%s, %s)', async (totalCents, subtotal, total) => {
    const answer = await stamped(pac(), cfdiRequest({ payment: { ...cfdiRequest().payment, totalCents } }));

    if (!answer.ok) throw new Error(answer.detail);
    expect(answer.xml).toContain(subtotal);
    expect(answer.xml).toContain(total);
    expect(checkCfdi(answer.xml)).toEqual([]);
  });

  it('gives every stamp its own folio fiscal', async () => {
    const [first, second] = await Promise.all([stamped(pac(), cfdiRequest()), stamped(pac(), cfdiRequest())]);

    expect(first?.ok && second?.ok && first.uuid !== second.uuid).toBe(true);
  });

  it('accepts the registered name in other capitals and spacing', async () => {
    const answer = await stamped(pac(), receptor({ name: ' berenice  Ximo quezada' }));

    expect(answer.ok).toBe(true);
  });
});

describe("issue 37 point 3: the emulated PAC refuses what SAT's validations refuse", () => {
  it.each([
    ['an RFC not in the register', { rfc: 'FUNK671228PH6' }, 'rfc_not_registered', 'CFDI40143'],
    ['a name not the registered one', { name: 'BERENICE XIMO' }, 'name_mismatch', 'CFDI40145'],
    ['an accent the register does not have', { name: 'BERENICE XIMO QUÉZADA' }, 'name_mismatch', 'CFDI40145'],
    ['another postal code', { postalCode: '40969' }, 'postal_code_mismatch', 'CFDI40147'],
    ['a regime the taxpayer is not in', { regime: '626' }, 'regime_mismatch', 'CFDI40158'],
    ['a use the regime does not allow', { regime: '605', use: 'G03' }, 'use_not_allowed', 'CFDI40161'],
    ['the payroll use on an Ingreso (review point 4)', { regime: '605', use: 'CN01' }, 'use_not_allowed', 'CFDI40161'],
    ['the payments use on an Ingreso (review point 4)', { use: 'CP01' }, 'use_not_allowed', 'CFDI40161'],
  ])('%s', async (_, change, failure, detail) => {
    const answer = await stamped(pac(), receptor(change));

    expect(answer).toEqual({ ok: false, failure, detail });
  });

  it('answers pac_unavailable while the PAC is down', async () => {
    const answer = await stamped(
      pac(async () => false),
      cfdiRequest(),
    );

    expect(answer).toMatchObject({ ok: false, failure: 'pac_unavailable' });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('left'));

    await expect(stamped(pac(), cfdiRequest(), controller.signal)).rejects.toThrow('left');
  });

  it("throws, rather than answers, when Vendo's own data makes an invalid CFDI", async () => {
    const request = cfdiRequest({ issuer: { ...cfdiRequest().issuer, postalCode: '2601' } });

    await expect(stamped(pac(), request)).rejects.toThrow(/LugarExpedicion/);
  });

  it('names the attributes of an invalid CFDI, never their values (issue 37 point 3, review point 7)', async () => {
    const name = 'BERENICE | XIMO QUEZADA';
    const port = emulatedPac({
      issuerKeyPem: testKeys().issuer,
      pacKeyPem: testKeys().pac,
      taxpayer: async (rfc) => ({ rfc, name, postalCode: '40968', regimes: ['612'] }),
    });

    const failure = await stamped(port, receptor({ name })).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/Receptor.*Nombre/);
    expect((failure as Error).message).not.toMatch(/XIQB891116QE|BERENICE/i);
  });
});
