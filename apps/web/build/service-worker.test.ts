import { describe, expect, it } from 'vitest';
import { serviceWorker } from './service-worker.ts';

type Emitted = { fileName: string; source: string };

function build(files: string[]): string {
  const emitted: Emitted[] = [];
  const plugin = serviceWorker() as unknown as {
    generateBundle: (this: unknown, options: unknown, bundle: Record<string, unknown>) => void;
  };
  plugin.generateBundle.call(
    { emitFile: (file: Emitted) => emitted.push(file) },
    {},
    Object.fromEntries(files.map((file) => [file, {}])),
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
});
