import { describe, expect, it } from 'vitest';
import { scanSupport } from './qr-scanner.ts';

const iphone = (browser: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ${browser}`;

describe('spec §5 QR scanning on supported browsers only', () => {
  it.each([
    ['Safari on iPhone', iphone('Version/17.4 Mobile/15E148 Safari/604.1'), 'supported'],
    ['Chrome on iPhone', iphone('CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1'), 'ios_needs_safari'],
    ['Firefox on iPhone', iphone('FxiOS/125.0 Mobile/15E148 Safari/605.1.15'), 'ios_needs_safari'],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36',
      'supported',
    ],
  ])('%s: %s', (_, userAgent, support) => {
    expect(scanSupport(userAgent, true)).toBe(support);
  });

  it('is unsupported without a camera', () => {
    expect(scanSupport('Mozilla/5.0 (X11; Linux x86_64) Chrome/124', false)).toBe('unsupported');
  });
});
