import { describe, expect, it } from 'vitest';
import { cfdiRequest, testKeys } from '../testing/cfdi.ts';
import { checkCfdi } from './anexo20.ts';
import { buildCfdi, cfdiDocument } from './build-cfdi.ts';
import { csdOf } from './seal.ts';
import { childNamed, parseXml } from './xml-tree.ts';

const csd = () => csdOf(testKeys().issuer);

describe('issue 37 point 3: the CFDI of a prepaid top-up (anticipo)', () => {
  it.each([
    [10_000, '86.21', '13.79', '100.00'],
    [20_000, '172.41', '27.59', '200.00'],
    [5_000, '43.10', '6.90', '50.00'],
    [199_999, '1724.13', '275.86', '1999.99'],
    [1, '0.01', '0.00', '0.01'],
  ])('%i cents: SubTotal %s, IVA %s, Total %s, and the document checks', (totalCents, subtotal, iva, total) => {
    const request = cfdiRequest({ payment: { ...cfdiRequest().payment, totalCents } });

    const document = cfdiDocument(request, csd());

    expect(document.attributes).toMatchObject({ SubTotal: subtotal, Total: total });
    expect(childNamed(document, 'cfdi:Impuestos')?.attributes.TotalImpuestosTrasladados).toBe(iva);
    expect(checkCfdi(buildCfdi(request, csd()), { stamped: false })).toEqual([]);
  });

  it('dates it in Mexico City local time, without a zone', () => {
    const document = cfdiDocument(cfdiRequest({ issuedAt: new Date('2026-07-01T05:30:00Z') }), csd());

    expect(document.attributes.Fecha).toBe('2026-06-30T23:30:00');
  });

  it('writes the names as SAT registers them', () => {
    const request = cfdiRequest({ receptor: { ...cfdiRequest().receptor, name: '  berenice   ximo quezada ' } });

    const document = cfdiDocument(request, csd());

    expect(childNamed(document, 'cfdi:Receptor')?.attributes.Nombre).toBe('BERENICE XIMO QUEZADA');
  });

  it('escapes what XML reserves and reads it back as written', () => {
    const request = cfdiRequest({ issuer: { ...cfdiRequest().issuer, rfc: 'H&E951128469', name: 'H & E "<Ñ>"' } });

    const xml = buildCfdi(request, csd());
    const parsed = parseXml(xml);

    expect(xml).toContain('Rfc="H&amp;E951128469" Nombre="H &amp; E &quot;&lt;Ñ&gt;&quot;"');
    expect('root' in parsed && childNamed(parsed.root, 'cfdi:Emisor')?.attributes.Nombre).toBe('H & E "<Ñ>"');
    expect(checkCfdi(xml, { stamped: false })).toEqual([]);
  });
});
