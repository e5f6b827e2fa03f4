import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage } from './storage.ts';

const year = { maxAgeSeconds: 31_536_000 };

/** Records every cookie the adapter writes, attributes included (reading document.cookie hides them). */
function recordCookies() {
  const written: string[] = [];
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => native?.get?.call(document),
    set: (value: string) => {
      written.push(value);
      native?.set?.call(document, value);
    },
  });
  return written;
}

afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  localStorage.clear();
});

describe('spec §7 session storage: cookie and localStorage, one year', () => {
  it('writes a SameSite=Lax cookie that lives 31536000 seconds', () => {
    const written = recordCookies();
    browserStorage().write('vendo.token', 't', year);
    expect(written[0]).toMatch(/^vendo\.token=t; Max-Age=31536000; Path=\/; SameSite=Lax/);
  });

  it('marks the cookie Secure on a secure origin', () => {
    const written = recordCookies();
    vi.stubGlobal('isSecureContext', true);
    browserStorage().write('vendo.token', 't', year);
    vi.unstubAllGlobals();
    expect(written[0]).toContain('; Secure');
  });

  it('reads the value back from localStorage', () => {
    const storage = browserStorage();
    storage.write('vendo.member', '17', year);
    document.cookie = 'vendo.member=; Max-Age=0; Path=/';
    expect(storage.read('vendo.member')).toBe('17');
  });

  it("reads the cookie first: the server's answer may have set it since (issue 19, a machine page)", () => {
    const storage = browserStorage();
    storage.write('vendo.machine', 'lobby', year);

    document.cookie = 'vendo.machine=demo; Path=/';

    expect(storage.read('vendo.machine')).toBe('demo');
  });

  it('falls back to the cookie when localStorage was cleared', () => {
    const storage = browserStorage();
    storage.write('vendo.member', '17', year);
    localStorage.clear();
    expect(storage.read('vendo.member')).toBe('17');
  });

  it('ignores a localStorage value past its year', () => {
    let now = 0;
    const storage = browserStorage(() => now);
    storage.write('vendo.machine', 'demo', year);
    document.cookie = 'vendo.machine=; Max-Age=0; Path=/';
    now = year.maxAgeSeconds * 1000 + 1;
    expect(storage.read('vendo.machine')).toBeNull();
  });

  it('removes a value from both places', () => {
    const storage = browserStorage();
    storage.write('vendo.token', 't', year);
    storage.remove('vendo.token');
    expect([storage.read('vendo.token'), localStorage.getItem('vendo.token')]).toEqual([null, null]);
  });
});
