import { beforeAll, describe, expect, it } from 'vitest';
import { cfdiRequest, testKeys } from '../testing/cfdi.ts';
import { checkCfdi } from './anexo20.ts';
import { emulatedPac } from './emulated-pac.ts';
import { registeredTaxpayer } from './sat-taxpayers.ts';
import { childNamed, parseXml, writeXml, type XmlNode } from './xml-tree.ts';

let stamped: string;

beforeAll(async () => {
  const keys = testKeys();
  const pac = emulatedPac({ issuerKeyPem: keys.issuer, pacKeyPem: keys.pac, taxpayer: registeredTaxpayer });
  const answer = await pac.stamp(await pac.seal(cfdiRequest()));
  if (!answer.ok) throw new Error(`the PAC refused the test request: ${answer.detail}`);
  stamped = answer.xml;
});

/** The element at a path of names below the root, e.g. ['cfdi:Conceptos', 'cfdi:Concepto']. */
function at(root: XmlNode, path: readonly string[]): XmlNode {
  let node: XmlNode | undefined = root;
  for (const name of path) node = childNamed(node, name);
  if (!node) throw new Error(`no ${path.join('/')}`);
  return node;
}

const conceptTraslado = ['cfdi:Conceptos', 'cfdi:Concepto', 'cfdi:Impuestos', 'cfdi:Traslados', 'cfdi:Traslado'];
const documentTraslado = ['cfdi:Impuestos', 'cfdi:Traslados', 'cfdi:Traslado'];
const timbre = ['cfdi:Complemento', 'tfd:TimbreFiscalDigital'];

const set = (path: readonly string[], name: string, value: string) => (root: XmlNode) => {
  at(root, path).attributes[name] = value;
};
const remove = (path: readonly string[], name: string) => (root: XmlNode) => {
  delete at(root, path).attributes[name];
};
const without = (path: readonly string[], name: string) => (root: XmlNode) => {
  const parent = at(root, path);
  parent.children = parent.children.filter((child) => child.name !== name);
};

/** [the Anexo 20 rule broken, how, words of the problem expected] */
const mutations: [string, (root: XmlNode) => void, string][] = [
  ['Emisor Rfc is required', remove(['cfdi:Emisor'], 'Rfc'), 'cfdi:Emisor: required attribute Rfc is missing'],
  ['Receptor Rfc is required', remove(['cfdi:Receptor'], 'Rfc'), 'cfdi:Receptor: required attribute Rfc is missing'],
  ['Receptor Nombre is required', remove(['cfdi:Receptor'], 'Nombre'), 'required attribute Nombre is missing'],
  ['Sello is required', remove([], 'Sello'), 'required attribute Sello is missing'],
  ['Version is 4.0', set([], 'Version', '3.3'), 'Version "3.3" is not one of 4.0'],
  ['TipoDeComprobante is I', set([], 'TipoDeComprobante', 'E'), 'TipoDeComprobante "E"'],
  ['Exportacion is 01', set([], 'Exportacion', '02'), 'Exportacion "02"'],
  ['Moneda is MXN', set([], 'Moneda', 'USD'), 'Moneda "USD"'],
  ['MetodoPago is PUE', set([], 'MetodoPago', 'PPD'), 'MetodoPago "PPD"'],
  ['FormaPago is a c_FormaPago key', set([], 'FormaPago', '07'), 'FormaPago "07"'],
  [
    'Fecha has no zone',
    set([], 'Fecha', '2026-11-21T04:15:20-06:00'),
    'Fecha "2026-11-21T04:15:20-06:00" does not match',
  ],
  ['LugarExpedicion is 5 digits', set([], 'LugarExpedicion', '2601'), 'LugarExpedicion "2601"'],
  ['NoCertificado is 20 digits', set([], 'NoCertificado', '1234567890123456789'), 'NoCertificado'],
  ['an amount has at most 6 decimals', set([], 'SubTotal', '86.2100000'), 'SubTotal "86.2100000" does not match'],
  ['an RFC is in capitals', set(['cfdi:Receptor'], 'Rfc', 'xiqb891116qe4'), 'Rfc "xiqb891116qe4" does not match'],
  ['a Nombre has no pipe', set(['cfdi:Receptor'], 'Nombre', 'BERENICE|XIMO'), 'Nombre "BERENICE|XIMO"'],
  [
    'DomicilioFiscalReceptor is 5 digits',
    set(['cfdi:Receptor'], 'DomicilioFiscalReceptor', 'A0968'),
    'DomicilioFiscalReceptor',
  ],
  ['RegimenFiscalReceptor is a c_RegimenFiscal key', set(['cfdi:Receptor'], 'RegimenFiscalReceptor', '999'), '"999"'],
  ['UsoCFDI is a c_UsoCFDI key', set(['cfdi:Receptor'], 'UsoCFDI', 'P01'), 'UsoCFDI "P01"'],
  ['ObjetoImp is 02', set(['cfdi:Conceptos', 'cfdi:Concepto'], 'ObjetoImp', '01'), 'ObjetoImp "01"'],
  ['Impuesto is 002 (IVA)', set(conceptTraslado, 'Impuesto', '003'), 'Impuesto "003"'],
  ['TipoFactor is Tasa', set(conceptTraslado, 'TipoFactor', 'Cuota'), 'TipoFactor "Cuota"'],
  ['TasaOCuota is 0.160000', set(documentTraslado, 'TasaOCuota', '0.16'), 'TasaOCuota "0.16"'],
  ['no attribute outside the schema', set([], 'Descuento', '0.00'), 'attribute Descuento is not in Anexo 20'],
  ['the namespace is CFDI 4.0', set([], 'xmlns:cfdi', 'http://www.sat.gob.mx/cfd/3'), 'xmlns:cfdi must be'],
  ['xsi:schemaLocation names cfdv40.xsd', remove([], 'xsi:schemaLocation'), 'xsi:schemaLocation must be'],
  [
    'Emisor comes before Receptor',
    (root) => {
      root.children = [root.children[1], root.children[0], ...root.children.slice(2)] as XmlNode[];
    },
    'cfdi:Emisor is out of order',
  ],
  ['Emisor is required', without([], 'cfdi:Emisor'), 'cfdi:Emisor is missing'],
  [
    'one Emisor',
    (root) => {
      root.children.splice(1, 0, structuredClone(at(root, ['cfdi:Emisor'])));
    },
    'cfdi:Emisor appears 2 times',
  ],
  [
    'a concept has its taxes (ObjetoImp 02)',
    without(['cfdi:Conceptos', 'cfdi:Concepto'], 'cfdi:Impuestos'),
    'cfdi:Impuestos is missing',
  ],
  [
    'no element outside the schema',
    (root) => {
      root.children.push({ name: 'cfdi:Addenda', attributes: {}, children: [] });
    },
    'element cfdi:Addenda is not in Anexo 20',
  ],
  [
    'a stamped CFDI has its TimbreFiscalDigital',
    without(['cfdi:Complemento'], 'tfd:TimbreFiscalDigital'),
    'tfd:TimbreFiscalDigital is missing',
  ],
  ['a stamped CFDI has its Complemento', without([], 'cfdi:Complemento'), 'cfdi:Complemento is missing'],
  ['TimbreFiscalDigital is version 1.1', set(timbre, 'Version', '1.0'), 'Version "1.0"'],
  ['UUID is a UUID', set(timbre, 'UUID', 'not-a-uuid'), 'UUID "not-a-uuid"'],
  ['SelloSAT is required', remove(timbre, 'SelloSAT'), 'required attribute SelloSAT is missing'],
  ['the TFD namespace', set(timbre, 'xmlns:tfd', 'http://example.com'), 'xmlns:tfd must be'],
  ['SelloCFD is the Sello', set(timbre, 'SelloCFD', 'QUJD'), "SelloCFD is not the Comprobante's Sello"],
  ['Total = SubTotal + taxes', set([], 'Total', '100.01'), 'Total 100.01 is not SubTotal + TotalImpuestosTrasladados'],
  ['SubTotal = Σ Importe', set([], 'SubTotal', '86.20'), 'SubTotal 86.20 is not the sum'],
  [
    "a concept's Importe = Cantidad × ValorUnitario",
    set(['cfdi:Conceptos', 'cfdi:Concepto'], 'ValorUnitario', '43.10'),
    'Importe 86.21 is not Cantidad × ValorUnitario',
  ],
  ["a concept's tax is its Base × rate", set(conceptTraslado, 'Importe', '13.82'), 'not Base × TasaOCuota'],
  ["the document's taxes are the concepts'", set(documentTraslado, 'Importe', '13.80'), "not the sum of the concepts'"],
  [
    'TotalImpuestosTrasladados = Σ Traslados',
    set(['cfdi:Impuestos'], 'TotalImpuestosTrasladados', '13.80'),
    'TotalImpuestosTrasladados 13.80 is not the sum',
  ],
];

describe('issue 37 point 3: the CFDI checked against Anexo 20 as written down', () => {
  it('finds nothing wrong with a CFDI the emulated PAC stamped', () => {
    expect(checkCfdi(stamped)).toEqual([]);
  });

  it.each(mutations)('%s: breaking it is found', (_, mutate, problem) => {
    const parsed = parseXml(stamped);
    if ('error' in parsed) throw new Error(parsed.error);
    mutate(parsed.root);

    const problems = checkCfdi(writeXml(parsed.root));

    expect(problems.join('\n')).toContain(problem);
  });

  it('refuses a document that is not well-formed XML', () => {
    expect(checkCfdi(stamped.replace('</cfdi:Conceptos>', ''))[0]).toMatch(/^not well-formed XML/);
  });

  it('refuses a document whose root is not cfdi:Comprobante', () => {
    expect(checkCfdi('<cfdi:Factura/>')).toEqual(['cfdi:Factura: expected cfdi:Comprobante']);
  });
});
