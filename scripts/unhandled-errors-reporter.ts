// Vitest fails a run on an error no test awaited (an unhandled rejection, an uncaught exception), but
// its JSON report names no test for it: this reporter keeps those errors beside the report, so the end
// of a CI log can say what ended the run instead of only "failed 1".
import { writeFileSync } from 'node:fs';
import type { Reporter } from 'vitest/node';
import type { UnhandledError } from './test-reports.ts';

export default class UnhandledErrorsReporter implements Reporter {
  readonly #file = process.env.VENDO_UNHANDLED_ERRORS_FILE;

  onTestRunEnd(_modules: unknown, errors: readonly unknown[]) {
    if (!this.#file) return;
    const kept = errors.map((error): UnhandledError => {
      const e = error as UnhandledError;
      return {
        type: e.type,
        name: e.name,
        message: e.message,
        VITEST_TEST_PATH: e.VITEST_TEST_PATH,
        VITEST_TEST_NAME: e.VITEST_TEST_NAME,
      };
    });
    writeFileSync(this.#file, JSON.stringify(kept));
  }
}
