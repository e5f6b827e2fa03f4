import { anticipoConcept, prepaidTaxSplit, taxName } from '@vendo/core/contract';
import { isoInZone } from '../domain/time-zone.ts';
import { cfdiNamespace, cfdiSchemaLocation, xsiNamespace } from './anexo20.ts';
import { cadenaOriginal } from './cadena-original.ts';
import type { Csd } from './seal.ts';
import { writeXml, type XmlNode } from './xml-tree.ts';

/** What an invoice of one prepaid top-up needs: who issues it, who receives it, and the payment. */
export interface CfdiRequest {
  issuer: { rfc: string; name: string; regime: string; postalCode: string };
  receptor: { rfc: string; name: string; postalCode: string; regime: string; use: string };
  payment: { form: string; totalCents: number; currency: 'MXN'; paidAt: Date };
  series: string;
  folio: string;
  ivaRate: number;
  issuedAt: Date;
}

/** The CFDI's dates are the local time where it is issued, with no zone (t_FechaH); Vendo issues in Mexico. */
export const cfdiTimeZone = 'America/Mexico_City';
export const cfdiDate = (at: Date) => isoInZone(at, cfdiTimeZone).slice(0, 19);

/** Cents as a t_Importe with the 2 decimals of MXN. */
export const importe = (amountCents: number) =>
  `${Math.trunc(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;

const element = (name: string, attributes: Record<string, string>, children: XmlNode[] = []): XmlNode => ({
  name,
  attributes,
  children,
});

/**
 * The sealed CFDI 4.0 of a prepaid top-up (an anticipo, see core's cfdi-amounts.ts): one concept, the price
 * VAT included split to the cent, paid in one instalment (PUE) and at once, with the issuer's CSD.
 */
export function cfdiDocument(request: CfdiRequest, csd: Csd): XmlNode {
  const { subtotal, iva, total } = prepaidTaxSplit(request.payment.totalCents, request.ivaRate);
  const traslado = () =>
    element('cfdi:Traslado', {
      Base: importe(subtotal),
      Impuesto: '002',
      TipoFactor: 'Tasa',
      TasaOCuota: request.ivaRate.toFixed(6),
      Importe: importe(iva),
    });
  const comprobante = element(
    'cfdi:Comprobante',
    {
      'xmlns:cfdi': cfdiNamespace,
      'xmlns:xsi': xsiNamespace,
      'xsi:schemaLocation': cfdiSchemaLocation,
      Version: '4.0',
      Serie: request.series,
      Folio: request.folio,
      Fecha: cfdiDate(request.issuedAt),
      Sello: '',
      FormaPago: request.payment.form,
      NoCertificado: csd.number,
      Certificado: csd.certificate,
      SubTotal: importe(subtotal),
      Moneda: request.payment.currency,
      Total: importe(total),
      TipoDeComprobante: 'I',
      Exportacion: '01',
      MetodoPago: 'PUE',
      LugarExpedicion: request.issuer.postalCode,
    },
    [
      element('cfdi:Emisor', {
        Rfc: request.issuer.rfc,
        Nombre: taxName(request.issuer.name),
        RegimenFiscal: request.issuer.regime,
      }),
      element('cfdi:Receptor', {
        Rfc: request.receptor.rfc,
        Nombre: taxName(request.receptor.name),
        DomicilioFiscalReceptor: request.receptor.postalCode,
        RegimenFiscalReceptor: request.receptor.regime,
        UsoCFDI: request.receptor.use,
      }),
      element('cfdi:Conceptos', {}, [
        element(
          'cfdi:Concepto',
          {
            ClaveProdServ: anticipoConcept.claveProdServ,
            Cantidad: anticipoConcept.cantidad,
            ClaveUnidad: anticipoConcept.claveUnidad,
            Descripcion: anticipoConcept.descripcion,
            ValorUnitario: importe(subtotal),
            Importe: importe(subtotal),
            ObjetoImp: anticipoConcept.objetoImp,
          },
          [element('cfdi:Impuestos', {}, [element('cfdi:Traslados', {}, [traslado()])])],
        ),
      ]),
      element('cfdi:Impuestos', { TotalImpuestosTrasladados: importe(iva) }, [
        element('cfdi:Traslados', {}, [traslado()]),
      ]),
    ],
  );
  comprobante.attributes.Sello = csd.seal(cadenaOriginal(comprobante));
  return comprobante;
}

/** The sealed CFDI as XML, before a PAC stamps it. */
export const buildCfdi = (request: CfdiRequest, csd: Csd) => writeXml(cfdiDocument(request, csd));
