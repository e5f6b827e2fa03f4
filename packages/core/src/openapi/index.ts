export { buildOpenApi } from './build-openapi.ts';
