import { conceptoRule, emisorRule, type NodeRule, receptorRule, sealedCfdiRule, timbreRule } from './anexo20.ts';
import { childNamed, childrenNamed, type XmlNode } from './xml-tree.ts';

/**
 * Issue 37 point 3: the cadena original, what the seals sign, per SAT's cadenaoriginal_4_0.xslt and
 * cadenaoriginal_TFD_1_1.xslt: "||", then each present attribute's value in schema order, nodes in schema
 * order, separated by "|", then "||". Values have their spaces normalised (XSLT normalize-space: runs of
 * space, tab and line ends become one space, none at either end). Sello and Certificado are not part of it
 * (they are what is computed from it), nor is the Complemento's TimbreFiscalDigital (added after sealing).
 */

const normalised = (value: string) => value.replace(/[ \t\r\n]+/g, ' ').trim();

function valuesOf(node: XmlNode | undefined, rule: NodeRule, skip: readonly string[] = []): string[] {
  if (!node) return [];
  return rule.attributes
    .filter((attribute) => !skip.includes(attribute.name) && node.attributes[attribute.name] !== undefined)
    .map((attribute) => normalised(node.attributes[attribute.name] ?? ''));
}

const trasladoValues = (traslado: XmlNode) =>
  ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe']
    .filter((name) => traslado.attributes[name] !== undefined)
    .map((name) => normalised(traslado.attributes[name] ?? ''));

const traslados = (impuestos: XmlNode | undefined) =>
  childrenNamed(childNamed(impuestos, 'cfdi:Traslados'), 'cfdi:Traslado').flatMap(trasladoValues);

const joined = (values: string[]) => `||${values.join('|')}||`;

export function cadenaOriginal(comprobante: XmlNode): string {
  const conceptos = childrenNamed(childNamed(comprobante, 'cfdi:Conceptos'), 'cfdi:Concepto');
  const impuestos = childNamed(comprobante, 'cfdi:Impuestos');
  const total = impuestos?.attributes.TotalImpuestosTrasladados;
  return joined([
    ...valuesOf(comprobante, sealedCfdiRule, ['Sello', 'Certificado']),
    ...valuesOf(childNamed(comprobante, 'cfdi:Emisor'), emisorRule),
    ...valuesOf(childNamed(comprobante, 'cfdi:Receptor'), receptorRule),
    ...conceptos.flatMap((concepto) => [
      ...valuesOf(concepto, conceptoRule),
      ...traslados(childNamed(concepto, 'cfdi:Impuestos')),
    ]),
    // The document's taxes: the xslt writes the Traslados before their total.
    ...traslados(impuestos),
    ...(total === undefined ? [] : [normalised(total)]),
  ]);
}

/** The TimbreFiscalDigital's own cadena, what SelloSAT signs (SelloSAT itself left out). */
export const timbreCadena = (timbre: XmlNode) => joined(valuesOf(timbre, timbreRule, ['SelloSAT']));
