import type { CfdiRequest } from '../cfdi/build-cfdi.ts';
import { newCsdKeyPem } from '../cfdi/seal.ts';

/** Keys made once per test file: RSA key generation is the slow part of these suites. */
let keys: { issuer: string; pac: string } | undefined;
export const testKeys = () => {
  keys ??= { issuer: newCsdKeyPem(), pac: newCsdKeyPem() };
  return keys;
};

/** A top-up of 100.00 MXN paid by card, invoiced to SAT's test person (registered in sat-taxpayers.ts). */
export const cfdiRequest = (change: Partial<CfdiRequest> = {}): CfdiRequest => ({
  issuer: { rfc: 'EKU9003173C9', name: 'Escuela Kemper Urgate', regime: '601', postalCode: '26015' },
  receptor: { rfc: 'XIQB891116QE4', name: 'Berenice Ximo Quezada', postalCode: '40968', regime: '612', use: 'G03' },
  payment: { form: '04', totalCents: 10_000, currency: 'MXN', paidAt: new Date('2026-11-20T18:00:00Z') },
  series: 'VND',
  folio: '1001',
  ivaRate: 0.16,
  issuedAt: new Date('2026-11-21T10:15:20Z'),
  ...change,
});
