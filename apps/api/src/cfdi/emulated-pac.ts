import { randomUUID } from 'node:crypto';
import { type InvoiceFailure, taxName, useAllowed } from '@vendo/core/contract';
import { checkCfdi, tfdNamespace, tfdSchemaLocation, xsiNamespace } from './anexo20.ts';
import { type CfdiRequest, cfdiDate, cfdiDocument } from './build-cfdi.ts';
import { cadenaOriginal, timbreCadena } from './cadena-original.ts';
import { csdOf, sealVerifies } from './seal.ts';
import { childNamed, parseXml, writeXml, type XmlNode } from './xml-tree.ts';

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

/**
 * Issue 37 point 3: the invoicing port. `seal` builds the CFDI and seals it with the issuer's CSD (the issuer's
 * own doing); `stamp` hands that sealed document to a PAC (proveedor autorizado de certificación), which stamps
 * it or says why not. A real PAC answers the same folio fiscal for a document it already stamped.
 */
export interface InvoicingPort {
  seal(request: CfdiRequest): Promise<string>;
  stamp(sealedXml: string, signal?: AbortSignal): Promise<PacAnswer>;
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
  receptor: Record<string, string>,
  taxpayer: (rfc: string) => Promise<Taxpayer | null>,
): Promise<PacAnswer | null> {
  const { Rfc = '', Nombre = '', DomicilioFiscalReceptor, RegimenFiscalReceptor = '', UsoCFDI = '' } = receptor;
  const registered = await taxpayer(Rfc);
  if (!registered) return refused('rfc_not_registered', 'CFDI40143');
  if (taxName(Nombre) !== taxName(registered.name)) return refused('name_mismatch', 'CFDI40145');
  if (DomicilioFiscalReceptor !== registered.postalCode) return refused('postal_code_mismatch', 'CFDI40147');
  if (!registered.regimes.includes(RegimenFiscalReceptor)) return refused('regime_mismatch', 'CFDI40158');
  if (!useAllowed(RegimenFiscalReceptor, UsoCFDI)) return refused('use_not_allowed', 'CFDI40161');
  return null;
}

/**
 * What is wrong with a sealed document, each problem with its place and attribute names only: a value may be
 * the member's RFC or name, which an error message (and so the log) never carries.
 */
function documentProblems(sealedXml: string): { comprobante: XmlNode | null; problems: string[] } {
  const parsed = parseXml(sealedXml);
  if ('error' in parsed) return { comprobante: null, problems: ['the document is not well-formed XML'] };
  const comprobante = parsed.root;
  const problems = checkCfdi(sealedXml, { stamped: false }).map(withoutValues);
  const { Sello = '', Certificado = '', NoCertificado } = comprobante.attributes;
  if (!sealVerifies(cadenaOriginal(comprobante), Sello, Certificado, NoCertificado))
    problems.push('the seal does not verify');
  return { comprobante, problems };
}

/**
 * A checker's problem without the value it quotes: `cfdi:Receptor: Nombre "…" does not match ^[^|]{1,254}$`
 * becomes `cfdi:Receptor: Nombre does not match ^[^|]{1,254}$` (what Anexo 20 expects is kept: it is no one's).
 */
const withoutValues = (problem: string) => problem.replace(/ "[^"]*" (does not match|is not one of) /, ' $1 ');

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
 * The emulated PAC and the issuer's sealing: `seal` builds the CFDI and seals it with the issuer's key; `stamp`
 * refuses what SAT would refuse of the receptor, checks the document as a PAC does (structure, sums, the seal
 * against the certificate), and stamps it with a TimbreFiscalDigital 1.1 sealed with its own key. It keeps no
 * record of its stamps (a real PAC does, and answers a document stamped before with the same folio fiscal).
 * `available` answering false is the PAC down.
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
    async seal(request) {
      return writeXml(cfdiDocument(request, issuer));
    },
    async stamp(sealedXml, signal) {
      signal?.throwIfAborted();
      if (options.available && !(await options.available())) return refused('pac_unavailable', 'PAC unavailable');
      const { comprobante, problems } = documentProblems(sealedXml);
      const receptor = childNamed(comprobante ?? undefined, 'cfdi:Receptor')?.attributes ?? {};
      const refusal = await receptorRefusal(receptor, options.taxpayer);
      signal?.throwIfAborted();
      if (refusal) return refusal;
      // What is wrong here is Vendo's own doing (settings or code), not the member's: it is thrown, not answered.
      if (!comprobante || problems.length > 0) throw new Error(`the CFDI sealed is not valid: ${problems.join('; ')}`);

      const stampedAt = now();
      const stamp = timbre(comprobante, pac, stampedAt);
      comprobante.children.push({ name: 'cfdi:Complemento', attributes: {}, children: [stamp] });
      return { ok: true, uuid: stamp.attributes.UUID ?? '', xml: writeXml(comprobante), stampedAt };
    },
  };
}
