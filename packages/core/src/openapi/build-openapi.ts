import * as z from 'zod/mini';
import { type CallDef, calls, pathParams, servedPath } from '../contract/calls.ts';
import { ErrorEnvelope } from '../contract/error.ts';
import { APP_VERSION } from '../version.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest;
}

function parameters(call: CallDef) {
  const inPath = [...call.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const schema = pathParams[name as keyof typeof pathParams];
    if (!schema) throw new Error(`${call.path}: no schema for path parameter ${name}`);
    return { name, in: 'path', required: true, schema: jsonSchema(schema, 'input') };
  });
  if (!call.query) return inPath;
  const query = jsonSchema(call.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });

function successOf(call: CallDef) {
  // Work the server queues (a receipt e-mailed) is answered before it is done.
  if (call.accepted) return { '202': { description: 'Accepted: queued, done after the answer' } };
  return call.response
    ? {
        '200': { description: 'Success', ...json(jsonSchema(call.response, 'output')) },
        // An answer whose body may be left out (requestCode: Vendo's challenge) succeeds with 204 as well.
        ...(z.safeParse(call.response, undefined).success ? { '204': { description: 'Success' } } : {}),
      }
    : { '200': { description: 'Success, no body to read' }, '204': { description: 'Success' } };
}

function operation(operationId: string, call: CallDef) {
  const success = successOf(call);
  return {
    operationId,
    tags: [call.resource],
    summary: call.summary,
    ...(call.auth === 'required' ? { security: [{ memberToken: [] }] } : {}),
    ...(call.auth === 'optional' ? { security: [{ memberToken: [] }, {}] } : {}),
    ...(call.vendoChoice ? { 'x-vendo-choice': call.vendoChoice } : {}),
    parameters: [
      ...parameters(call),
      ...(call.idempotent
        ? [{ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1 } }]
        : []),
    ],
    ...(call.body ? { requestBody: { required: true, ...json(jsonSchema(call.body, 'input')) } } : {}),
    responses: {
      ...success,
      default: {
        description: 'Spec §8 error object (`error`, or an `errors` list)',
        ...json(jsonSchema(ErrorEnvelope, 'output')),
      },
    },
  };
}

/** The OpenAPI 3.1 document of the contract: every call of spec §7 at its served path. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, call] of Object.entries(calls) as [string, CallDef][]) {
    const path = servedPath(call);
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = operation(operationId, call);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Vendo provider API',
      version: APP_VERSION,
      description: 'The calls the Vendo member app makes (product specification §7), generated from the zod contract.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        memberToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The literal text `Token token={auth_token}`.',
        },
      },
    },
  };
}
