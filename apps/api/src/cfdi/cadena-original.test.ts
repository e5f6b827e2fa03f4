import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cfdiRequest, testKeys } from '../testing/cfdi.ts';
import { cfdiDocument } from './build-cfdi.ts';
import { cadenaOriginal, timbreCadena } from './cadena-original.ts';
import { csdOf, sealVerifies } from './seal.ts';
import { childNamed, type XmlNode } from './xml-tree.ts';

const csd = () => csdOf(testKeys().issuer);

describe("issue 37 point 3: the cadena original (SAT's cadenaoriginal_4_0)", () => {
  it('lists the values in schema order between || and ||, without Sello and Certificado', () => {
    const document = cfdiDocument(cfdiRequest(), csd());

    const cadena = cadenaOriginal(document);

    expect(cadena).toBe(
      `||4.0|VND|1001|2026-11-21T04:15:20|04|${csd().number}|86.21|MXN|100.00|I|01|PUE|26015` +
        '|EKU9003173C9|ESCUELA KEMPER URGATE|601' +
        '|XIQB891116QE4|BERENICE XIMO QUEZADA|40968|612|G03' +
        '|84111506|1|ACT|Anticipo del bien o servicio|86.21|86.21|02' +
        '|86.21|002|Tasa|0.160000|13.79' +
        '|86.21|002|Tasa|0.160000|13.79|13.79||',
    );
  });

  it('normalises the spaces of a value as normalize-space does', () => {
    const document = cfdiDocument(cfdiRequest({ series: ' A \t B\n' }), csd());

    expect(cadenaOriginal(document)).toContain('||4.0|A B|1001|');
  });

  it('writes the TimbreFiscalDigital cadena without SelloSAT', () => {
    const timbre = {
      name: 'tfd:TimbreFiscalDigital',
      attributes: {
        'xmlns:tfd': 'http://www.sat.gob.mx/TimbreFiscalDigital',
        Version: '1.1',
        UUID: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
        FechaTimbrado: '2026-11-21T04:15:25',
        RfcProvCertif: 'SPR190613I52',
        SelloCFD: 'QUJD',
        NoCertificadoSAT: '30001000000500003456',
        SelloSAT: 'REVG',
      },
      children: [],
    };

    expect(timbreCadena(timbre)).toBe(
      '||1.1|5FB2822E-396D-4725-8521-CDC4BDD20CCF|2026-11-21T04:15:25|SPR190613I52|QUJD|30001000000500003456||',
    );
  });
});

describe("issue 37 point 3: the issuer's seal (RSA-SHA256 of the cadena, emulated CSD)", () => {
  it('verifies with the public key carried in Certificado and numbered by NoCertificado', () => {
    const document = cfdiDocument(cfdiRequest(), csd());
    const { Sello = '', Certificado = '', NoCertificado = '' } = document.attributes;

    expect(NoCertificado).toMatch(/^[0-9]{20}$/);
    expect(sealVerifies(cadenaOriginal(document), Sello, Certificado, NoCertificado)).toBe(true);
    expect(createPublicKey(testKeys().issuer).export({ type: 'spki', format: 'der' }).toString('base64')).toBe(
      Certificado,
    );
  });

  it.each([
    ['Total', (document: XmlNode) => Object.assign(document.attributes, { Total: '1000.00' })],
    [
      "the receptor's RFC",
      (document: XmlNode) =>
        Object.assign(childNamed(document, 'cfdi:Receptor')?.attributes ?? {}, { Rfc: 'CACX7605101P8' }),
    ],
  ])('fails once %s changes', (_, change) => {
    const document = cfdiDocument(cfdiRequest(), csd());
    const { Sello = '', Certificado = '' } = document.attributes;
    change(document);

    expect(sealVerifies(cadenaOriginal(document), Sello, Certificado)).toBe(false);
  });

  it("fails with another key's certificate or a number that is not the certificate's", () => {
    const document = cfdiDocument(cfdiRequest(), csd());
    const { Sello = '', Certificado = '' } = document.attributes;
    const other = csdOf(testKeys().pac);

    expect(sealVerifies(cadenaOriginal(document), Sello, other.certificate)).toBe(false);
    expect(sealVerifies(cadenaOriginal(document), Sello, Certificado, other.number)).toBe(false);
    expect(sealVerifies(cadenaOriginal(document), Sello, 'not a certificate')).toBe(false);
  });
});
