// Writes the OpenAPI document generated from the contract to the path given.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApi } from '../src/openapi/index.ts';

const target = resolve(process.argv[2] ?? 'dist/openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log(`openapi: wrote ${target}`);
