import { describe, expect, it } from 'vitest';
import { messageDismissKey, nativePlatform } from './prompts.ts';

describe('spec §2 native-app download prompt', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', null],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', null],
  ])('%s → %s', (userAgent, platform) => {
    expect(nativePlatform(userAgent)).toBe(platform);
  });
});

describe('spec §9 dismissal flags', () => {
  it('remembers each custom message on its own', () => {
    expect(messageDismissKey(7)).toBe('vendo.dismissed.message-7');
  });
});
