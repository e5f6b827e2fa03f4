import { describe, expect, it } from 'vitest';
import { machineFromQr, QR_SCAN_DELAY_MS } from './qr.ts';

const site = 'https://vendo.mx/';

describe('spec §5 QR codes carry the site path, the machine name follows it', () => {
  it.each([
    ['https://vendo.mx/demo', 'demo'],
    ['https://vendo.mx/demo?utm=qr', 'demo'],
    ['https://vendo.mx/demo#top', 'demo'],
    ['https://vendo.mx/demo/products', 'demo'],
    ['HTTPS://VENDO.MX/Demo', 'demo'],
    ['https://vendo.mx/@nim115a', 'nim115a'],
    ['  https://vendo.mx/demo\n', 'demo'],
    // Spec §5 says "contain", not "start with": the site path may sit anywhere,
    // as when a tracker or shortener wraps the link. Accepted on purpose: the
    // app never opens the scanned text, it only looks the name up on our API.
    ['https://evil.example/?u=https://vendo.mx/demo', 'demo'],
  ])('reads %j as the machine %j', (text, name) => {
    expect(machineFromQr(text, site)).toEqual({ ok: true, name });
  });

  it.each([
    ['https://vendo.mx/', 'qr_no_machine'],
    ['https://vendo.mx/?utm=qr', 'qr_no_machine'],
    ['https://vendo.mx//demo', 'qr_no_machine'],
    ['https://vendo.mx/@', 'qr_no_machine'],
    ['https://evil.example/demo', 'qr_other_site'],
    ['http://vendo.mx/demo', 'qr_other_site'],
    ['https://vendo.mx.evil.example/demo', 'qr_other_site'],
    ['demo', 'qr_other_site'],
    ['', 'qr_other_site'],
    ['https://vendo.mx/my%20machine', 'machine_id_invalid'],
    ['https://vendo.mx/demo!', 'machine_id_invalid'],
  ])('rejects %j as %s', (text, problem) => {
    expect(machineFromQr(text, site)).toEqual({ ok: false, problem });
  });

  it.each([
    ['https://vendo.mx', 'https://vendo.mx/demo', { ok: true, name: 'demo' }],
    ['https://vendo.mx', 'https://vendo.mx.evil.example/demo', { ok: false, problem: 'qr_other_site' }],
    ['https://vendo.mx/m/', 'https://vendo.mx/m/demo', { ok: true, name: 'demo' }],
    ['https://vendo.mx/m/', 'https://vendo.mx/demo', { ok: false, problem: 'qr_other_site' }],
  ])('with the site path %j reads %j', (sitePath, text, result) => {
    expect(machineFromQr(text, sitePath)).toEqual(result);
  });
});

describe('spec §9 QR scan delay', () => {
  it('is 100 ms', () => {
    expect(QR_SCAN_DELAY_MS).toBe(100);
  });
});
