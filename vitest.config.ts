import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where the API
    // suites then leave the second core idle while they wait on the processes and servers they start.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
