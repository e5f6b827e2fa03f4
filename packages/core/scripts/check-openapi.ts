// Fails unless the document at the path given is valid OpenAPI 3.1.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const path = process.argv[2] ?? 'dist/openapi.json';
const document = JSON.parse(readFileSync(path, 'utf8'));
const result = await new Validator().validate(document);
if (!result.valid) {
  console.error(`openapi: ${path} is not valid OpenAPI ${document.openapi}`);
  console.error(JSON.stringify(result.errors, null, 2));
  process.exit(1);
}
const operations = Object.values(document.paths as Record<string, object>).flatMap((item) => Object.keys(item));
console.log(`openapi: ${path} is valid OpenAPI ${document.openapi}, ${operations.length} operations`);
