import { cfdiUseCodes, taxRegimeCodes } from '@vendo/core/contract';
import { cfdiSumProblems } from './cfdi-sums.ts';
import { parseXml, type XmlNode } from './xml-tree.ts';

/**
 * Issue 37 point 3: the CFDI 4.0 structure, written down from SAT's Anexo 20 (cfdv40.xsd and
 * TimbreFiscalDigitalv11.xsd), because SAT's files cannot be fetched from here. It holds the nodes a prepaid
 * top-up's invoice uses: for each, its attributes in schema order (required, or optional ones used here) with
 * their pattern or the values allowed, and its children in schema order. Fixed values (Version 4.0, type I,
 * MXN, PUE, IVA at 16 %) are the only ones this invoice issues, so anything else is refused.
 */

export interface AttributeRule {
  name: string;
  required: boolean;
  pattern?: RegExp;
  values?: readonly string[];
}

export interface ChildRule {
  rule: NodeRule;
  min: number;
  max: number;
}

export interface NodeRule {
  name: string;
  /** Namespace declarations and xsi:schemaLocation the element carries, with their exact values. */
  namespaces?: Record<string, string>;
  attributes: readonly AttributeRule[];
  children: readonly ChildRule[];
}

export const cfdiNamespace = 'http://www.sat.gob.mx/cfd/4';
export const tfdNamespace = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const xsiNamespace = 'http://www.w3.org/2001/XMLSchema-instance';
export const cfdiSchemaLocation = `${cfdiNamespace} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;
export const tfdSchemaLocation = `${tfdNamespace} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;

/** tdCFDI:t_Importe. */
export const importePattern = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;
/** tdCFDI:t_RFC. */
export const rfcPattern = /^[A-ZÑ&]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;
/** tdCFDI:t_FechaH: local time at LugarExpedicion, no zone. */
export const fechaPattern =
  /^(20[1-9][0-9])-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
export const uuidPattern = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
const postalCode = /^[0-9]{5}$/;
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const certificateNumber = /^[0-9]{20}$/;
const text = (max: number) => new RegExp(`^[^|]{1,${max}}$`);
/** c_FormaPago. */
const paymentForms = '01 02 03 04 05 06 08 12 13 14 15 17 23 24 25 26 27 28 29 30 31 99'.split(' ');

const required = (name: string, check: Omit<AttributeRule, 'name' | 'required'>): AttributeRule => ({
  name,
  required: true,
  ...check,
});
const optional = (name: string, check: Omit<AttributeRule, 'name' | 'required'>): AttributeRule => ({
  name,
  required: false,
  ...check,
});
const one = (rule: NodeRule): ChildRule => ({ rule, min: 1, max: 1 });

const traslado: readonly AttributeRule[] = [
  required('Base', { pattern: importePattern }),
  required('Impuesto', { values: ['002'] }),
  required('TipoFactor', { values: ['Tasa'] }),
  required('TasaOCuota', { values: ['0.160000'] }),
  required('Importe', { pattern: importePattern }),
];

// The concept's and the document's Traslado have the same attributes in CFDI 4.0 (Base became required in both).
const traslados: NodeRule = {
  name: 'cfdi:Traslados',
  attributes: [],
  children: [
    { rule: { name: 'cfdi:Traslado', attributes: traslado, children: [] }, min: 1, max: Number.POSITIVE_INFINITY },
  ],
};

export const emisorRule: NodeRule = {
  name: 'cfdi:Emisor',
  attributes: [
    required('Rfc', { pattern: rfcPattern }),
    required('Nombre', { pattern: text(254) }),
    required('RegimenFiscal', { values: taxRegimeCodes }),
  ],
  children: [],
};

export const receptorRule: NodeRule = {
  name: 'cfdi:Receptor',
  attributes: [
    required('Rfc', { pattern: rfcPattern }),
    required('Nombre', { pattern: text(254) }),
    required('DomicilioFiscalReceptor', { pattern: postalCode }),
    required('RegimenFiscalReceptor', { values: taxRegimeCodes }),
    required('UsoCFDI', { values: cfdiUseCodes }),
  ],
  children: [],
};

export const conceptoRule: NodeRule = {
  name: 'cfdi:Concepto',
  attributes: [
    required('ClaveProdServ', { pattern: /^[0-9]{8}$/ }),
    required('Cantidad', { pattern: importePattern }),
    required('ClaveUnidad', { pattern: /^[A-Z0-9]{1,3}$/ }),
    required('Descripcion', { pattern: text(1000) }),
    required('ValorUnitario', { pattern: importePattern }),
    required('Importe', { pattern: importePattern }),
    required('ObjetoImp', { values: ['02'] }),
  ],
  // ObjetoImp 02 (sí objeto de impuesto) makes the concept's taxes required.
  children: [one({ name: 'cfdi:Impuestos', attributes: [], children: [one(traslados)] })],
};

export const timbreRule: NodeRule = {
  name: 'tfd:TimbreFiscalDigital',
  namespaces: { 'xmlns:tfd': tfdNamespace, 'xmlns:xsi': xsiNamespace, 'xsi:schemaLocation': tfdSchemaLocation },
  attributes: [
    required('Version', { values: ['1.1'] }),
    required('UUID', { pattern: uuidPattern }),
    required('FechaTimbrado', { pattern: fechaPattern }),
    required('RfcProvCertif', { pattern: rfcPattern }),
    required('SelloCFD', { pattern: base64 }),
    required('NoCertificadoSAT', { pattern: certificateNumber }),
    required('SelloSAT', { pattern: base64 }),
  ],
  children: [],
};

export const comprobanteImpuestosRule: NodeRule = {
  name: 'cfdi:Impuestos',
  attributes: [required('TotalImpuestosTrasladados', { pattern: importePattern })],
  children: [one(traslados)],
};

const comprobante = (complemento: ChildRule): NodeRule => ({
  name: 'cfdi:Comprobante',
  namespaces: { 'xmlns:cfdi': cfdiNamespace, 'xmlns:xsi': xsiNamespace, 'xsi:schemaLocation': cfdiSchemaLocation },
  attributes: [
    required('Version', { values: ['4.0'] }),
    optional('Serie', { pattern: text(25) }),
    optional('Folio', { pattern: text(40) }),
    required('Fecha', { pattern: fechaPattern }),
    required('Sello', { pattern: base64 }),
    optional('FormaPago', { values: paymentForms }),
    required('NoCertificado', { pattern: certificateNumber }),
    required('Certificado', { pattern: base64 }),
    required('SubTotal', { pattern: importePattern }),
    required('Moneda', { values: ['MXN'] }),
    required('Total', { pattern: importePattern }),
    required('TipoDeComprobante', { values: ['I'] }),
    required('Exportacion', { values: ['01'] }),
    optional('MetodoPago', { values: ['PUE'] }),
    required('LugarExpedicion', { pattern: postalCode }),
  ],
  children: [
    one(emisorRule),
    one(receptorRule),
    one({
      name: 'cfdi:Conceptos',
      attributes: [],
      children: [{ rule: conceptoRule, min: 1, max: Number.POSITIVE_INFINITY }],
    }),
    one(comprobanteImpuestosRule),
    complemento,
  ],
});

/** The sealed CFDI before the PAC stamps it: no Complemento yet. */
export const sealedCfdiRule = comprobante({
  rule: { name: 'cfdi:Complemento', attributes: [], children: [] },
  min: 0,
  max: 0,
});
/** The stamped CFDI: the Complemento holds the TimbreFiscalDigital. */
export const stampedCfdiRule = comprobante(
  one({ name: 'cfdi:Complemento', attributes: [], children: [one(timbreRule)] }),
);

function attributeProblems(node: XmlNode, rule: NodeRule, path: string): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(rule.namespaces ?? {})) {
    if (node.attributes[name] !== value) problems.push(`${path}: ${name} must be "${value}"`);
  }
  const known = new Set([...Object.keys(rule.namespaces ?? {}), ...rule.attributes.map((attribute) => attribute.name)]);
  for (const name of Object.keys(node.attributes)) {
    if (!known.has(name)) problems.push(`${path}: attribute ${name} is not in Anexo 20 as written down here`);
  }
  for (const attribute of rule.attributes) {
    const value = node.attributes[attribute.name];
    if (value === undefined) {
      if (attribute.required) problems.push(`${path}: required attribute ${attribute.name} is missing`);
      continue;
    }
    if (attribute.pattern && !attribute.pattern.test(value)) {
      problems.push(`${path}: ${attribute.name} "${value}" does not match ${attribute.pattern.source}`);
    }
    if (attribute.values && !attribute.values.includes(value)) {
      problems.push(`${path}: ${attribute.name} "${value}" is not one of ${attribute.values.join(', ')}`);
    }
  }
  return problems;
}

function childProblems(node: XmlNode, rule: NodeRule, path: string): string[] {
  const problems: string[] = [];
  const order = rule.children.map((child) => child.rule.name);
  let last = -1;
  for (const child of node.children) {
    const index = order.indexOf(child.name);
    if (index === -1) problems.push(`${path}: element ${child.name} is not in Anexo 20 as written down here`);
    else if (index < last) problems.push(`${path}: ${child.name} is out of order (Anexo 20: ${order.join(', ')})`);
    else last = index;
  }
  for (const child of rule.children) {
    const count = node.children.filter((each) => each.name === child.rule.name).length;
    if (count < child.min) problems.push(`${path}: ${child.rule.name} is missing`);
    if (count > child.max) problems.push(`${path}: ${child.rule.name} appears ${count} times, at most ${child.max}`);
  }
  return problems;
}

/** Every problem of an element and what it holds, against its rule. */
export function structureProblems(node: XmlNode, rule: NodeRule, parent = ''): string[] {
  const path = parent ? `${parent}/${node.name}` : node.name;
  if (node.name !== rule.name) return [`${path}: expected ${rule.name}`];
  const problems = [...attributeProblems(node, rule, path), ...childProblems(node, rule, path)];
  for (const child of node.children) {
    const childRule = rule.children.find((each) => each.rule.name === child.name)?.rule;
    if (childRule) problems.push(...structureProblems(child, childRule, path));
  }
  return problems;
}

/**
 * The problems of a CFDI document: its structure against the Anexo 20 written down above, then its sums to
 * the cent (only once the structure is sound, so each amount it reads is there). None: a CFDI 4.0 as SAT
 * wants it. `stamped: false` checks a sealed document before the PAC adds its TimbreFiscalDigital.
 */
export function checkCfdi(xml: string, options: { stamped?: boolean } = {}): string[] {
  const parsed = parseXml(xml);
  if ('error' in parsed) return [parsed.error];
  const rule = options.stamped === false ? sealedCfdiRule : stampedCfdiRule;
  const problems = structureProblems(parsed.root, rule);
  return problems.length > 0 ? problems : cfdiSumProblems(parsed.root);
}
