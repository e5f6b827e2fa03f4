import { ivaWithinTolerance } from '@vendo/core/contract';
import { childNamed, childrenNamed, type XmlNode } from './xml-tree.ts';

/**
 * Issue 37 point 3: a CFDI's amounts add up to the cent. Read after the structure check, so every node and
 * amount named here is present and well formed.
 */

/** An amount of t_Importe in cents; the concept's 6 decimals are rounded to the cent the document totals in. */
export const cents = (amount: string) => Math.round(Number(amount) * 100);

const money = (amountCents: number) => (amountCents / 100).toFixed(2);

interface Traslado {
  key: string;
  base: number;
  importe: number;
  rate: number;
}

const trasladosOf = (impuestos: XmlNode | undefined): Traslado[] =>
  childrenNamed(childNamed(impuestos, 'cfdi:Traslados'), 'cfdi:Traslado').map((node) => ({
    key: `${node.attributes.Impuesto} ${node.attributes.TipoFactor} ${node.attributes.TasaOCuota}`,
    base: cents(node.attributes.Base ?? ''),
    importe: cents(node.attributes.Importe ?? ''),
    rate: Number(node.attributes.TasaOCuota),
  }));

function conceptProblems(concepto: XmlNode, index: number): string[] {
  const problems: string[] = [];
  const path = `Concepto ${index + 1}`;
  const { Cantidad = '', ValorUnitario = '', Importe = '' } = concepto.attributes;
  const importe = cents(Importe);
  if (Math.round(Number(Cantidad) * Number(ValorUnitario) * 100) !== importe) {
    problems.push(`${path}: Importe ${Importe} is not Cantidad × ValorUnitario`);
  }
  for (const traslado of trasladosOf(childNamed(concepto, 'cfdi:Impuestos'))) {
    if (traslado.base !== importe)
      problems.push(`${path}: Traslado Base ${money(traslado.base)} is not the Importe ${Importe}`);
    if (!ivaWithinTolerance(traslado.base, traslado.importe, traslado.rate)) {
      problems.push(
        `${path}: Traslado Importe ${money(traslado.importe)} is not Base × TasaOCuota within SAT's tolerance`,
      );
    }
  }
  return problems;
}

/** Every sum of the document that does not hold, to the cent. */
export function cfdiSumProblems(comprobante: XmlNode): string[] {
  const conceptos = childrenNamed(childNamed(comprobante, 'cfdi:Conceptos'), 'cfdi:Concepto');
  const problems = conceptos.flatMap(conceptProblems);

  const subtotal = conceptos.reduce((sum, concepto) => sum + cents(concepto.attributes.Importe ?? ''), 0);
  if (cents(comprobante.attributes.SubTotal ?? '') !== subtotal) {
    problems.push(
      `SubTotal ${comprobante.attributes.SubTotal} is not the sum of the concepts' Importe (${money(subtotal)})`,
    );
  }

  // The document's Traslados group the concepts' by tax, factor and rate.
  const grouped = new Map<string, { base: number; importe: number }>();
  for (const traslado of conceptos.flatMap((concepto) => trasladosOf(childNamed(concepto, 'cfdi:Impuestos')))) {
    const group = grouped.get(traslado.key) ?? { base: 0, importe: 0 };
    grouped.set(traslado.key, { base: group.base + traslado.base, importe: group.importe + traslado.importe });
  }
  const impuestos = childNamed(comprobante, 'cfdi:Impuestos');
  const documentTraslados = trasladosOf(impuestos);
  for (const traslado of documentTraslados) {
    const group = grouped.get(traslado.key);
    if (!group || group.base !== traslado.base || group.importe !== traslado.importe) {
      problems.push(
        `Impuestos: Traslado ${traslado.key} is not the sum of the concepts' (Base ${money(group?.base ?? 0)}, Importe ${money(group?.importe ?? 0)})`,
      );
    }
  }
  if (documentTraslados.length !== grouped.size) problems.push("Impuestos: not one Traslado per tax of the concepts'");

  const taxes = documentTraslados.reduce((sum, traslado) => sum + traslado.importe, 0);
  const declared = cents(impuestos?.attributes.TotalImpuestosTrasladados ?? '');
  if (declared !== taxes)
    problems.push(`TotalImpuestosTrasladados ${money(declared)} is not the sum of the Traslados (${money(taxes)})`);

  if (cents(comprobante.attributes.Total ?? '') !== subtotal + declared) {
    problems.push(
      `Total ${comprobante.attributes.Total} is not SubTotal + TotalImpuestosTrasladados (${money(subtotal + declared)})`,
    );
  }

  const timbre = childNamed(childNamed(comprobante, 'cfdi:Complemento'), 'tfd:TimbreFiscalDigital');
  if (timbre && timbre.attributes.SelloCFD !== comprobante.attributes.Sello) {
    problems.push("TimbreFiscalDigital: SelloCFD is not the Comprobante's Sello");
  }
  return problems;
}
