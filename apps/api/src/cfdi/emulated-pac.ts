import { randomUUID } from 'node:crypto';
import { type InvoiceFailure, taxName, useAllowed } from '@vendo/core/contract';
import { checkCfdi, tfdNamespace, tfdSchemaLocation, xsiNamespace } from './anexo20.ts';
import { type CfdiRequest, cfdiDate, cfdiDocument } from './build-cfdi.ts';
import { cadenaOriginal, timbreCadena } from './cadena-original.ts';
import { csdOf, sealVerifies } from './seal.ts';
import { writeXml, type XmlNode } from './xml-tree.ts';

export type { CfdiRequest } from './build-cfdi.ts';

/** A taxpayer as SAT's register knows them. */
export interface Taxpayer {
  rfc: string;
  name: string;
  postalCode: string;
  regimes: string[];
}

export type PacAnswer =
  | { ok: true; uuid: string; xml: string; stampedAt: Date }
  /** `detail`: SAT's validation code, e.g. CFDI40145. */
  | { ok: false; failure: InvoiceFailure; detail: string };

/** Issue 37 point 3: the invoicing port, a PAC (proveedor autorizado de certificación) in real life. */
export interface InvoicingPort {
  stamp(request: CfdiRequest, signal?: AbortSignal): Promise<PacAnswer>;
}

/** The emulated PAC's RFC as it signs its stamps (a PAC's test RFC). */
export const emulatedPacRfc = 'SPR190613I52';

const refused = (failure: InvoiceFailure, detail: string): PacAnswer => ({ ok: false, failure, detail });

/**
 * The receptor checks SAT runs for CFDI 4.0, in SAT's order, each with its validation code. The name is
 * compared as SAT registers it (taxName: capitals, single spaces, no company type), so "Berenice  ximo
 * quezada" passes; accents are not forgiven: "ESPANOLA" is not "ESPAÑOLA", as SAT refuses such names.
 */
async function receptorRefusal(
  receptor: CfdiRequest['receptor'],
  taxpayer: (rfc: string) => Promise<Taxpayer | null>,
): Promise<PacAnswer | null> {
  const registered = await taxpayer(receptor.rfc);
  if (!registered) return refused('rfc_not_registered', 'CFDI40143');
  if (taxName(receptor.name) !== taxName(registered.name)) return refused('name_mismatch', 'CFDI40145');
  if (receptor.postalCode !== registered.postalCode) return refused('postal_code_mismatch', 'CFDI40147');
  if (!registered.regimes.includes(receptor.regime)) return refused('regime_mismatch', 'CFDI40158');
  if (!useAllowed(receptor.regime, receptor.use)) return refused('use_not_allowed', 'CFDI40161');
  return null;
}

function timbre(comprobante: XmlNode, pac: ReturnType<typeof csdOf>, stampedAt: Date): XmlNode {
  const node: XmlNode = {
    name: 'tfd:TimbreFiscalDigital',
    attributes: {
      'xmlns:tfd': tfdNamespace,
      'xmlns:xsi': xsiNamespace,
      'xsi:schemaLocation': tfdSchemaLocation,
      Version: '1.1',
      UUID: randomUUID().toUpperCase(),
      FechaTimbrado: cfdiDate(stampedAt),
      RfcProvCertif: emulatedPacRfc,
      SelloCFD: comprobante.attributes.Sello ?? '',
      NoCertificadoSAT: pac.number,
      SelloSAT: '',
    },
    children: [],
  };
  node.attributes.SelloSAT = pac.seal(timbreCadena(node));
  return node;
}

/**
 * The emulated PAC: it refuses what SAT would refuse of the receptor, builds and seals the CFDI with the
 * issuer's key, checks it as a PAC does (structure, sums, the seal against the certificate), and stamps it
 * with a TimbreFiscalDigital 1.1 sealed with its own key. `available` answering false is the PAC down.
 */
export function emulatedPac(options: {
  issuerKeyPem: string;
  pacKeyPem: string;
  taxpayer: (rfc: string) => Promise<Taxpayer | null>;
  available?: () => Promise<boolean>;
  now?: () => Date;
}): InvoicingPort {
  const issuer = csdOf(options.issuerKeyPem);
  const pac = csdOf(options.pacKeyPem);
  const now = options.now ?? (() => new Date());
  return {
    async stamp(request, signal) {
      signal?.throwIfAborted();
      if (options.available && !(await options.available())) return refused('pac_unavailable', 'PAC unavailable');
      const refusal = await receptorRefusal(request.receptor, options.taxpayer);
      signal?.throwIfAborted();
      if (refusal) return refusal;

      const comprobante = cfdiDocument(request, issuer);
      // What is wrong here is Vendo's own doing (settings or code), not the member's: it is thrown, not answered.
      const problems = checkCfdi(writeXml(comprobante), { stamped: false });
      const { Sello = '', Certificado = '', NoCertificado } = comprobante.attributes;
      if (!sealVerifies(cadenaOriginal(comprobante), Sello, Certificado, NoCertificado))
        problems.push('the seal does not verify');
      if (problems.length > 0) throw new Error(`the CFDI built is not valid: ${problems.join('; ')}`);

      const stampedAt = now();
      const stamp = timbre(comprobante, pac, stampedAt);
      comprobante.children.push({ name: 'cfdi:Complemento', attributes: {}, children: [stamp] });
      return { ok: true, uuid: stamp.attributes.UUID ?? '', xml: writeXml(comprobante), stampedAt };
    },
  };
}
