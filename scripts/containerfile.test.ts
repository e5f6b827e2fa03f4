import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const containerfile = readFileSync(new URL('../Containerfile', import.meta.url), 'utf8');
const instruction = (name: string) =>
  containerfile
    .split('\n')
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length + 1).trim());

describe('the image runs the release as CI runs it (issue 33 point 2)', () => {
  it('starts node main.js in the release folder, the command the replica journeys start', () => {
    expect([instruction('WORKDIR'), instruction('CMD')]).toEqual([['/opt/vendo'], ['["node", "main.js"]']]);
  });

  it('runs as a user other than root', () => {
    expect(instruction('USER')).toEqual(['node']);
  });

  it('asks /healthz for its health and stops with SIGTERM', () => {
    const healthCheck = /^HEALTHCHECK [^\n]*\\\n\s*CMD (.*)$/m.exec(containerfile)?.[1] ?? '';

    expect([healthCheck.includes('/healthz`)'), instruction('STOPSIGNAL')]).toEqual([true, ['SIGTERM']]);
  });

  it('is built on the Node the workspace runs on', () => {
    const workspace = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      devDependencies: { node: string };
    };

    expect(instruction('FROM')).toEqual([
      `docker.io/library/node:${workspace.devDependencies.node.split('.')[0]}-slim`,
    ]);
  });
});
