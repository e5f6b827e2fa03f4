import { machineIdFrom } from './machine-id.ts';

/** Spec §9: the pause between two scans of the camera's picture. */
export const QR_SCAN_DELAY_MS = 100;

export type QrProblem = 'qr_other_site' | 'qr_no_machine' | 'machine_id_invalid';
export type QrResult = { ok: true; name: string } | { ok: false; problem: QrProblem };

/**
 * Spec §5: a QR code is accepted only when it contains the product's site path
 * (configuration, like `https://vendo.mx/`); the machine name is the part after
 * it, up to the first '/', '?' or '#'.
 *
 * - "Contains" is read literally: the site path may appear anywhere in the text,
 *   so a link wrapped by a tracker or a shortener still works. That is safe
 *   because the app never opens the scanned text: it only looks the name up on
 *   our own API, and the member sees the machine it found.
 * - Case is ignored across the whole site path (scheme and host are
 *   case-insensitive, and names are lower-cased anyway).
 * - The site path always ends with '/' before matching, so `https://vendo.mx`
 *   does not match `https://vendo.mx.evil.example/demo`.
 * - The first occurrence decides.
 */
export function machineFromQr(text: string, sitePath: string): QrResult {
  const site = (sitePath.endsWith('/') ? sitePath : `${sitePath}/`).toLowerCase();
  const at = text.toLowerCase().indexOf(site);
  if (at < 0) return { ok: false, problem: 'qr_other_site' };
  const segment = text.slice(at + site.length).split(/[/?#]/, 1)[0] ?? '';
  const id = machineIdFrom(segment);
  if (id.ok) return id;
  return { ok: false, problem: id.problem === 'machine_id_empty' ? 'qr_no_machine' : 'machine_id_invalid' };
}
