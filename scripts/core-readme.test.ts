import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe("@vendo/core's README (issue 18 flow cookbook)", () => {
  it('shows the cookbook test exactly as it runs, so the example cannot rot', () => {
    const cookbook = read('packages/core/src/flows/deal/cookbook.test.ts');

    expect(read('packages/core/README.md')).toContain(`\`\`\`ts\n${cookbook}\`\`\``);
  });

  it('keeps the cookbook under 30 lines', () => {
    const lines = read('packages/core/src/flows/deal/cookbook.test.ts').trimEnd().split('\n');

    expect(lines.length).toBeLessThan(30);
  });
});
