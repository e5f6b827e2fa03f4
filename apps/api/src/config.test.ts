import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

// Issue 16 point 4: every setting read once at start through one schema that names what is wrong.

const problemsOf = (env: NodeJS.ProcessEnv): readonly string[] => {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('the settings schema (issue 16 point 4)', () => {
  it('names a variable whose value is wrong, and the value', () => {
    expect(problemsOf({ PORT: '80a' })).toEqual(['PORT must be a port number (0–65535), not "80a"']);
  });

  it('names every wrong variable at once, not only the first', () => {
    const problems = problemsOf({ PORT: '70000', VENDO_DEV_CONTROL: 'yes', LOG_LEVEL: 'loud' });

    expect(problems).toEqual([
      expect.stringMatching(/^PORT /),
      expect.stringMatching(/^VENDO_DEV_CONTROL /),
      expect.stringMatching(/^LOG_LEVEL /),
    ]);
  });
});
