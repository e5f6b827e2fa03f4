import { describe, expect, it } from 'vitest';
import {
  type PlaywrightReport,
  playwrightFailures,
  unhandledFailures,
  type VitestReport,
  vitestFailures,
} from './test-reports.ts';

describe('the failures named at the end of the test command', () => {
  it('names each failed Vitest test by file and full name, relative to the repository', () => {
    const report: VitestReport = {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/apps/api/src/buy.test.ts',
          assertionResults: [
            { fullName: 'buying charges once', status: 'passed' },
            { fullName: 'buying refuses a replay', status: 'failed' },
          ],
        },
      ],
    };

    expect(vitestFailures(report, '/repo')).toEqual(['apps/api/src/buy.test.ts › buying refuses a replay']);
  });

  it('says why a Vitest test failed, in the first line of its first failure', () => {
    const report: VitestReport = {
      numPassedTests: 0,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/apps/api/src/health.test.ts',
          assertionResults: [
            {
              fullName: 'keeps the process up',
              status: 'failed',
              failureMessages: ['AssertionError: expected [ 503, null ] to deeply equal [ 200, null ]\n  at x.ts:1'],
            },
          ],
        },
      ],
    };

    expect(vitestFailures(report, '/repo')).toEqual([
      'apps/api/src/health.test.ts › keeps the process up: AssertionError: expected [ 503, null ] to deeply equal [ 200, null ]',
    ]);
  });

  it('names a Vitest suite that could not load by its first message line', () => {
    const report: VitestReport = {
      numPassedTests: 0,
      numFailedTests: 0,
      testResults: [{ name: '/repo/a.test.ts', message: 'SyntaxError: nope\n  at a.ts:1', assertionResults: [] }],
    };

    expect(vitestFailures(report, '/repo')).toEqual(['a.test.ts: SyntaxError: nope']);
  });

  it('names an error no test awaited by the test file and test it came in, and what it was', () => {
    const errors = [
      {
        type: 'Unhandled Rejection',
        name: 'error',
        message: 'terminating connection due to administrator command\n  at pg.js:1',
        VITEST_TEST_PATH: '/repo/apps/api/src/health.test.ts',
        VITEST_TEST_NAME: 'keeps the process up',
      },
      { type: 'Uncaught Exception', name: 'TypeError', message: 'nope' },
    ];

    expect(unhandledFailures(errors, '/repo')).toEqual([
      'apps/api/src/health.test.ts › keeps the process up: Unhandled Rejection: error: terminating connection due to administrator command',
      'outside any test file: Uncaught Exception: TypeError: nope',
    ]);
  });

  it('names each unexpected Playwright result with its project, place and describe path, not the flaky or passed', () => {
    const report: PlaywrightReport = {
      stats: { expected: 1, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: 'deals.spec.ts',
          suites: [
            {
              title: 'the deal screen',
              specs: [
                {
                  title: 'shows delivered',
                  file: 'deals.spec.ts',
                  line: 12,
                  tests: [
                    { projectName: 'pixel-7', status: 'expected' },
                    { projectName: 'iphone-14', status: 'unexpected' },
                  ],
                },
                {
                  title: 'retries',
                  file: 'deals.spec.ts',
                  line: 30,
                  tests: [{ projectName: 'pixel-7', status: 'flaky' }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Error: webServer exited early\nmore' }],
    };

    expect(playwrightFailures(report)).toEqual([
      '[iphone-14] deals.spec.ts:12 › the deal screen › shows delivered',
      'outside any test: Error: webServer exited early',
    ]);
  });
});
