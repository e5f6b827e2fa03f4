import type { Taxpayer } from './emulated-pac.ts';

/**
 * Issue 37 point 3: the emulated SAT register (the list of RFCs inscribed and not cancelled that a PAC checks
 * a receptor against), for the seed and the tests. The RFCs are those of the test certificates SAT hands
 * PACs; names, postal codes and regimes are the emulation's, kept consistent with the catalogues.
 */
export const satTaxpayers: readonly Taxpayer[] = [
  { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', postalCode: '26015', regimes: ['601'] },
  { rfc: 'XIQB891116QE4', name: 'BERENICE XIMO QUEZADA', postalCode: '40968', regimes: ['605', '612'] },
  { rfc: 'CACX7605101P8', name: 'XOCHILT CASAS CHAVEZ', postalCode: '36257', regimes: ['612', '626'] },
  { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', postalCode: '86991', regimes: ['601'] },
  { rfc: 'MISC491214B86', name: 'CECILIA MIRANDA SANCHEZ', postalCode: '01010', regimes: ['605'] },
];

/** The register's answer for an RFC, as the emulated PAC asks it. */
export const registeredTaxpayer = async (rfc: string): Promise<Taxpayer | null> =>
  satTaxpayers.find((taxpayer) => taxpayer.rfc === rfc) ?? null;
