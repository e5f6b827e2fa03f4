/** The one list of test projects; vitest.config.ts passes it on as `test.projects`. */
export default [
  {
    test: {
      name: 'repo',
      root: '.',
      environment: 'node',
      include: ['scripts/**/*.test.ts'],
    },
  },
  {
    test: {
      name: 'core',
      root: './packages/core',
      // Node on purpose: any DOM use in the headless core fails its tests.
      environment: 'node',
      include: ['src/**/*.test.ts'],
      // Type tests (*.test-d.ts) are compiled, not run: a wrong type or an unused @ts-expect-error fails the run.
      typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    },
  },
  {
    test: {
      name: 'ui',
      root: './packages/ui',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test-setup.ts'],
    },
  },
  {
    test: {
      name: 'api',
      root: './apps/api',
      environment: 'node',
      include: ['src/**/*.test.ts'],
      // Each suite creates a fresh database (PGlite: ~5 s on a busy 2-core machine).
      hookTimeout: 60_000,
    },
  },
  {
    // The app's own Vite config, so screens under test compile as they ship (Lingui's macros, React).
    extends: './apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: './apps/web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/test-setup.ts'],
    },
  },
  {
    test: {
      name: 'terminal',
      root: './apps/terminal',
      environment: 'node',
      include: ['src/**/*.test.ts'],
      // The journeys start the reference API once per suite (a fresh PGlite: ~5 s on a busy 2-core machine).
      hookTimeout: 60_000,
      // A journey runs the CLI as a process and follows a deal to the tray (the demo machine takes ~6 s).
      testTimeout: 30_000,
    },
  },
];
