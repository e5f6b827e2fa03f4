import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceWorker } from './service-worker.ts';

type Emitted = { fileName: string; source: string };

function build(files: string[], chunks: Record<string, { moduleIds: string[] }> = {}, publicDir?: string): string {
  const emitted: Emitted[] = [];
  const plugin = serviceWorker() as unknown as {
    configResolved: (config: { publicDir: string }) => void;
    generateBundle: (this: unknown, options: unknown, bundle: Record<string, unknown>) => void;
  };
  if (publicDir) plugin.configResolved({ publicDir });
  plugin.generateBundle.call(
    { emitFile: (file: Emitted) => emitted.push(file) },
    {},
    { ...Object.fromEntries(files.map((file) => [file, {}])), ...chunks },
  );
  return emitted[0]?.source ?? '';
}

describe('the service worker caches the app shell, never member data', () => {
  it('precaches index.html and the built assets', () => {
    const source = build(['assets/index-abc.js', 'assets/index-abc.css']);
    expect(source).toContain('"/index.html"');
    expect(source).toContain('"/assets/index-abc.js"');
  });

  it('leaves API, dev control and provider requests to the network', () => {
    const never = /const NEVER = (\/.*\/);/.exec(build([]))?.[1] ?? '';
    const pattern = new Function(`return ${never}`)() as RegExp;
    expect(
      ['/api/community_members/1', '/__dev/sms', '/provider/checkout/x', '/openapi.json'].every((path) =>
        pattern.test(path),
      ),
    ).toBe(true);
    expect(pattern.test('/assets/index.js')).toBe(false);
  });

  it('names its cache after the build, so a new build replaces the old shell', () => {
    expect(build(['assets/a.js'])).not.toEqual(build(['assets/b.js']));
  });

  it('waits under open tabs until the app asks it to take over (issue 15 point 24)', () => {
    const source = build(['assets/a.js']);
    const install = /addEventListener\('install'[\s\S]*?\n\}\);/.exec(source)?.[0] ?? '';

    expect([install.includes('skipWaiting'), /data === 'skip-waiting'\) self\.skipWaiting\(\)/.test(source)]).toEqual([
      false,
      true,
    ]);
  });

  it('leaves the QR scanner out of the precache: it loads when the camera opens (issue 15 point 26)', () => {
    const source = build(['assets/index-abc.js'], {
      'assets/esm-qr.js': {
        moduleIds: ['/repo/node_modules/.pnpm/@zxing+browser/node_modules/@zxing/browser/esm/index.js'],
      },
    });

    expect([source.includes('"/assets/index-abc.js"'), source.includes('"/assets/esm-qr.js"')]).toEqual([true, false]);
  });

  it('precaches the illustrations the screens draw (issue 15 point 26)', () => {
    const publicDir = mkdtempSync(join(tmpdir(), 'vendo-public-'));
    mkdirSync(join(publicDir, 'illustrations'));
    writeFileSync(join(publicDir, 'illustrations', 'rfid-reader.svg'), '<svg/>');

    expect(build([], {}, publicDir)).toContain('"/illustrations/rfid-reader.svg"');
  });
});
