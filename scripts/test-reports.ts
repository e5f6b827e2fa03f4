// The names of what failed, read from the runners' JSON reports, so the end of a CI log says which tests
// to look at without scrolling back through thousands of lines.

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
  errors?: { message?: string }[];
}

/** An error no test awaited, as Vitest hands it to a reporter. */
export interface UnhandledError {
  readonly type?: string | undefined;
  readonly name?: string | undefined;
  readonly message?: string | undefined;
  /** Vitest's note of the test file and test that were running when the error came. */
  readonly VITEST_TEST_PATH?: string | undefined;
  readonly VITEST_TEST_NAME?: string | undefined;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}

/**
 * `file › describe › test: why` for each failed test (the first line of its first failure, as a CI log's tail
 * is often all there is); a suite that could not load gives its message instead.
 */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const relative = (path: string) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path);
  return report.testResults.flatMap((suite) => {
    const failed = suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const why = test.failureMessages?.[0];
        return `${relative(suite.name)} › ${test.fullName}${why ? `: ${firstLine(why)}` : ''}`;
      });
    return failed.length === 0 && suite.message ? [`${relative(suite.name)}: ${firstLine(suite.message)}`] : failed;
  });
}

/** Errors no test awaited (scripts/unhandled-errors-reporter.ts): what, and in which test file and test. */
export function unhandledFailures(errors: readonly UnhandledError[], root: string): string[] {
  return errors.map((error) => {
    const where = error.VITEST_TEST_PATH?.startsWith(`${root}/`)
      ? error.VITEST_TEST_PATH.slice(root.length + 1)
      : (error.VITEST_TEST_PATH ?? 'outside any test file');
    const test = error.VITEST_TEST_NAME ? ` › ${error.VITEST_TEST_NAME}` : '';
    const what = `${error.type ?? 'Unhandled error'}: ${error.name ?? 'Error'}: ${firstLine(error.message ?? '')}`;
    return `${where}${test}: ${what}`;
  });
}

function failedSpecs(suites: readonly PlaywrightSuite[], titles: readonly string[]): string[] {
  return suites.flatMap((suite) => {
    const path = [...titles, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        // The outermost suite is the file, already named by spec.file.
        .map(
          (test) => `[${test.projectName}] ${spec.file}:${spec.line} › ${[...path.slice(1), spec.title].join(' › ')}`,
        ),
    );
    return [...own, ...failedSpecs(suite.suites ?? [], path)];
  });
}

/** `[project] file:line › describe › test` for each unexpected result, then errors outside any test. */
export function playwrightFailures(report: PlaywrightReport): string[] {
  return [
    ...failedSpecs(report.suites, []),
    ...(report.errors ?? []).map((error) => `outside any test: ${firstLine(error.message ?? '')}`),
  ];
}
