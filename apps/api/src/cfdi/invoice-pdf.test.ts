import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cfdiRequest, testKeys } from '../testing/cfdi.ts';
import { emulatedPac } from './emulated-pac.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { registeredTaxpayer } from './sat-taxpayers.ts';

let stamped: { uuid: string; xml: string };

beforeAll(async () => {
  const keys = testKeys();
  const pac = emulatedPac({ issuerKeyPem: keys.issuer, pacKeyPem: keys.pac, taxpayer: registeredTaxpayer });
  const answer = await pac.stamp(await pac.seal(cfdiRequest()));
  if (!answer.ok) throw new Error(answer.detail);
  stamped = answer;
});

/**
 * The text a page shows: pdf-lib writes the standard fonts' text as hex strings shown with Tj in a
 * compressed content stream, so the stream is inflated and each string decoded (WinAnsi, read as Latin-1).
 */
async function pageText(bytes: Uint8Array) {
  const document = await PDFDocument.load(bytes);
  const pages = document.getPages();
  const contents = pages[0]?.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  const source = streams
    .filter((stream) => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  const text = [...source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
    Buffer.from(match[1] ?? '', 'hex').toString('latin1'),
  );
  return { pages: pages.length, text: text.join('\n') };
}

describe('issue 37 point 3: the printed representation of a CFDI', () => {
  it('is one page that shows the folio fiscal, the amounts and the legend in Spanish', async () => {
    const { pages, text } = await pageText(await invoicePdf(stamped.xml, 'es'));

    expect(pages).toBe(1);
    expect(text).toContain(stamped.uuid);
    expect(text).toContain('VND-1001');
    expect(text).toContain('$86.21');
    expect(text).toContain('$13.79');
    expect(text).toContain('$100.00 MXN');
    expect(text).toContain('04 - Tarjeta de crédito');
    expect(text).toContain('Este documento es una representación impresa de un CFDI.');
  });

  it('speaks English when asked', async () => {
    const { text } = await pageText(await invoicePdf(stamped.xml, 'en'));

    expect(text).toContain('This document is a printed representation of a CFDI');
    expect(text).toContain('612 - Individuals with business and professional activities');
    expect(text).not.toContain('Este documento');
  });

  it('shortens the seals to their start and end', async () => {
    const { text } = await pageText(await invoicePdf(stamped.xml, 'es'));
    const sello = /Sello="([^"]+)"/.exec(stamped.xml)?.[1] ?? '';

    expect(text).toContain(`${sello.slice(0, 40)}...${sello.slice(-24)}`);
    expect(text).not.toContain(sello);
  });

  it('writes a long registered name on as many lines as it needs, every word kept', async () => {
    const name = Array.from({ length: 24 }, (_, index) => `PALABRA${index}`).join(' ');
    const xml = stamped.xml.replace('Nombre="BERENICE XIMO QUEZADA"', `Nombre="${name}"`);

    const { text } = await pageText(await invoicePdf(xml, 'es'));

    expect(text).not.toContain(name);
    expect(text.replace(/\n/g, ' ')).toContain(name);
  });

  it('refuses what is not XML', async () => {
    await expect(invoicePdf('<cfdi:Comprobante>', 'es')).rejects.toThrow(/not a CFDI/);
  });
});
