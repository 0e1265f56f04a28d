import { z } from 'zod';
import {
  decimalIntegerJsonSchema,
  errorBodySchema,
  unauthorizedBodySchema,
  validationErrorBodySchema,
} from '../../shared/interface';
import { IGNORED_BODY, type RouteDoc } from '../http/route-doc';
import { BEARER_REALM } from '../http/bearer-challenge';
import { DEPRECATION_NOTES_PATH } from '../http/deprecation';

type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  readonly serverUrl: string;
  readonly accountKey: string;
}

/**
 * A zod schema as OpenAPI 3.1's JSON Schema 2020-12 (refinements and
 * transforms are not expressible). Whole numbers in paths and query strings
 * are strings to zod but integers to a client (decimal-integer.ts).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
    override: ({ zodSchema, jsonSchema: out }) => {
      const integer = decimalIntegerJsonSchema(zodSchema);
      if (!integer) return;
      delete out.pattern;
      Object.assign(out, integer);
    },
  });
  return rest;
}

/** RFC 6750 §3, sent with every 401 (bearer-challenge.ts). */
const BEARER_CHALLENGE_HEADER = {
  description:
    `\`Bearer realm="${BEARER_REALM}"\`, plus \`error="invalid_token"\` and \`error_description\` ` +
    'when the request carried a Bearer token that is not accepted (RFC 6750 §3).',
  required: true,
  schema: { type: 'string' },
};

/** Fastify's /a/:id/* as OpenAPI's /a/{id}/{wildcard}. */
export const openApiPath = (url: string): string =>
  url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{wildcard}');
const pathParamNames = (url: string): string[] => [
  ...[...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? ''),
  ...(url.endsWith('*') ? ['wildcard'] : []),
];
const bodyOf = (doc: RouteDoc): z.ZodType | undefined =>
  doc.body === IGNORED_BODY || doc.method === 'GET' ? undefined : doc.body;

const propsOf = (
  schema: z.ZodType | undefined,
): { properties: Record<string, JsonSchema>; required: string[] } => {
  if (!schema) return { properties: {}, required: [] };
  const js = jsonSchema(schema, 'input');
  const properties = z.record(z.string(), z.record(z.string(), z.unknown())).catch({}).parse(js.properties);
  const required = z.array(z.string()).catch([]).parse(js.required);
  return { properties, required };
};

function parameters(doc: RouteDoc, accountKey: string): JsonSchema[] {
  const path = propsOf(doc.params);
  const query = propsOf(doc.query);
  return [
    ...pathParamNames(doc.url).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema:
        name === 'account'
          ? { type: 'string', example: accountKey }
          : (path.properties[name] ?? { type: 'string' }),
      ...(name === 'account' ? { description: 'The account key; another key answers 404.' } : {}),
    })),
    ...Object.entries(query.properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query.required.includes(name) && !('default' in schema),
      schema,
    })),
  ];
}

const content = (schema: z.ZodType | undefined, contentType = 'application/json'): JsonSchema => ({
  content: { [contentType]: schema ? { schema: jsonSchema(schema, 'output') } : {} },
});

function responses(doc: RouteDoc): JsonSchema {
  const out: Record<string, JsonSchema> = {};
  for (const [code, r] of Object.entries(doc.responses))
    out[code] = { description: r.description, ...content(r.schema, r.contentType) };
  const body = bodyOf(doc);
  const takesInput =
    doc.params !== undefined || doc.query !== undefined || body !== undefined || doc.multipart;
  if (takesInput)
    out['400'] ??= { description: 'Validation failure (spec 7)', ...content(validationErrorBodySchema) };
  if (doc.auth === 'bearer')
    out['401'] ??= {
      description: 'Token missing or invalid (spec 7)',
      headers: { 'WWW-Authenticate': BEARER_CHALLENGE_HEADER },
      ...content(unauthorizedBodySchema),
    };
  if (doc.assetAccess)
    out['403'] ??= { description: 'No access to the asset (spec 5)', ...content(errorBodySchema) };
  if (doc.url.includes(':'))
    out['404'] ??= {
      description: doc.url.includes(':account') ? 'Unknown account or id' : 'Not found',
      ...content(errorBodySchema),
    };
  if (body !== undefined || doc.multipart)
    out['413'] ??= { description: 'Body too large', ...content(errorBodySchema) };
  return out;
}

function requestBody(doc: RouteDoc): JsonSchema | undefined {
  if (doc.multipart) {
    const { field, types, maxBytes } = doc.multipart;
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [field],
            properties: {
              [field]: { type: 'string', contentMediaType: types.join(', '), maxLength: maxBytes },
            },
          },
          encoding: { [field]: { contentType: types.join(', ') } },
        },
      },
    };
  }
  const body = bodyOf(doc);
  if (body === undefined) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
}

function operation(doc: RouteDoc, accountKey: string): JsonSchema {
  const d = doc.deprecation;
  const deprecationNote = d
    ? `\n\nDeprecated since ${d.deprecatedAt.slice(0, 10)}; sunset ${d.sunsetAt.slice(0, 10)}. Use ${d.successor}. ` +
      `Answers carry the Deprecation, Sunset and Link headers (${DEPRECATION_NOTES_PATH}).`
    : '';
  const body = requestBody(doc);
  return {
    operationId: `${doc.method.toLowerCase()}${openApiPath(doc.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description || d ? { description: `${doc.description ?? ''}${deprecationNote}`.trim() } : {}),
    ...(d ? { deprecated: true, 'x-deprecated-at': d.deprecatedAt, 'x-sunset': d.sunsetAt } : {}),
    security: doc.auth === 'bearer' ? [{ bearerAuth: [] }] : [],
    parameters: parameters(doc, accountKey),
    ...(body ? { requestBody: body } : {}),
    responses: responses(doc),
  };
}

/** OpenAPI 3.1 of the given route docs, in their order. */
export function buildOpenApi(docs: readonly RouteDoc[], info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const doc of docs)
    (paths[openApiPath(doc.url)] ??= {})[doc.method.toLowerCase()] = operation(doc, info.accountKey);
  const tags = [...new Set(docs.map((d) => d.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetdesk local fleet service',
      version: '1.0.0',
      description:
        'The asynchronous reporting interface (/api/v1) and the fleet tracking interface (/api/{account}), ' +
        'as implemented by the local fleet service. Every route except this portal and the public tracking ' +
        'page needs `Authorization: Bearer <token>`.',
    },
    servers: [{ url: info.serverUrl }],
    tags,
    paths,
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  };
}
