import { z } from 'zod';
import {
  decimalIntegerJsonSchema,
  errorBodySchema,
  unauthorizedBodySchema,
  validationErrorBodySchema,
} from '../../shared/interface';
import { IGNORED_BODY, type ResponseDoc, type RouteDoc } from '../http/route-doc';
import { BEARER_REALM } from '../http/bearer-challenge';
import { DEPRECATION_NOTES_PATH } from '../http/deprecation';
import { API_SCOPE, OAUTH_ROUTES, SCOPE_PERMISSIONS } from '../oauth/desktop-client';

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

interface ResponseObject {
  description: string;
  headers?: Record<string, JsonSchema>;
  content?: Record<string, JsonSchema>;
}

/** RFC 9110 §15.3.5, §15.4.5: 204 and 304 have no content, so none is documented. */
const WITHOUT_CONTENT = new Set(['204', '304']);

function response(code: string, r: ResponseDoc): ResponseObject {
  if (WITHOUT_CONTENT.has(code)) return { description: r.description };
  const schema = r.schema ? { schema: jsonSchema(r.schema, 'output') } : {};
  const types = [r.contentType ?? 'application/json'].flat();
  return { description: r.description, content: Object.fromEntries(types.map((t) => [t, schema])) };
}

const error = (description: string, schema: z.ZodType = errorBodySchema): ResponseDoc => ({
  description,
  schema,
});

/** RFC 9745 / RFC 8594 headers on every answer of a deprecated route, the 410 included (deprecation.ts). */
const DEPRECATION_HEADERS = {
  Deprecation: {
    description: 'RFC 9745: when the route was deprecated, as @<epoch seconds>.',
    required: true,
    schema: { type: 'string' },
  },
  Sunset: {
    description: 'RFC 8594: when the route stops working (an HTTP-date).',
    required: true,
    schema: { type: 'string' },
  },
  Link: {
    description: `<${DEPRECATION_NOTES_PATH}>; rel="deprecation": the deprecation notes.`,
    required: true,
    schema: { type: 'string' },
  },
};

/** Methods whose request body fastify reads, whatever the route does with it (413, 415, 400 on bad JSON). */
const READS_BODY = new Set<RouteDoc['method']>(['POST', 'PUT', 'DELETE']);

/**
 * The route's own responses, plus the errors the service sends for any
 * route of its kind (http/app.ts, http/auth.ts, fleet-route.ts): what a
 * route can answer is what its declaration implies, so no status is left to
 * be remembered by hand.
 */
export function documentedResponses(doc: RouteDoc): Record<string, ResponseDoc> {
  const out: Record<string, ResponseDoc> = { ...doc.responses };
  const takesInput =
    doc.params !== undefined || doc.query !== undefined || bodyOf(doc) !== undefined || doc.multipart;
  if (takesInput || READS_BODY.has(doc.method))
    out['400'] ??= error(
      'Validation failure, or a body that is not valid JSON (spec 7)',
      validationErrorBodySchema,
    );
  if (doc.auth === 'bearer')
    out['401'] ??= error('Token missing or invalid (spec 7)', unauthorizedBodySchema);
  if (doc.assetAccess) out['403'] ??= error('No access to the asset (spec 5)');
  if (doc.url.includes(':'))
    out['404'] ??= error(doc.url.includes(':account') ? 'Unknown account or id' : 'Not found');
  if (doc.deprecation)
    out['410'] ??= error(`Removed: from ${doc.deprecation.sunsetAt.slice(0, 10)}, its Sunset, on (spec 9)`);
  if (READS_BODY.has(doc.method) && !doc.bodyReadByRoute) {
    out['413'] ??= error('Body too large');
    out['415'] ??= error(
      doc.multipart
        ? 'Unsupported Content-Type; send multipart/form-data'
        : 'Unsupported Content-Type; send application/json',
    );
  }
  // Every route refuses a Host header that is not this service's (http/host-check.ts: DNS rebinding).
  out['421'] ??= error('The Host header is not a name this service was started for (DNS rebinding)');
  return out;
}

function responses(doc: RouteDoc): Record<string, ResponseObject> {
  const out: Record<string, ResponseObject> = {};
  for (const [code, r] of Object.entries(documentedResponses(doc))) {
    const res = response(code, r);
    const headers = {
      ...(code === '401' ? { 'WWW-Authenticate': BEARER_CHALLENGE_HEADER } : {}),
      ...(doc.deprecation ? DEPRECATION_HEADERS : {}),
    };
    out[code] = Object.keys(headers).length > 0 ? { ...res, headers } : res;
  }
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
  return {
    required: true,
    content: { [doc.bodyMediaType ?? 'application/json']: { schema: jsonSchema(body, 'input') } },
  };
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
    // A static token or an OAuth access token with the API scope: either one is a Bearer token.
    security: doc.auth === 'bearer' ? [{ bearerAuth: [] }, { oauth2: [API_SCOPE] }] : [],
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
        'as implemented by the local fleet service. Every route except this portal, the public tracking ' +
        'page and the sign-in routes needs `Authorization: Bearer <token>`: a static token from the ready ' +
        'line, or an OAuth 2.0 access token with the `api` scope (tag "Sign-in (OAuth 2.0)"). Every route ' +
        'answers 421 to a Host header other than the names the service was started for (loopback names and ' +
        'addresses, and its listen address).',
    },
    servers: [{ url: info.serverUrl }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        oauth2: {
          type: 'oauth2',
          description:
            'Authorization code with PKCE S256, public client `fleetdesk-desktop`, loopback redirect (RFC 8252).',
          flows: {
            authorizationCode: {
              authorizationUrl: `${info.serverUrl}${OAUTH_ROUTES.authorization}`,
              tokenUrl: `${info.serverUrl}${OAUTH_ROUTES.token}`,
              refreshUrl: `${info.serverUrl}${OAUTH_ROUTES.token}`,
              scopes: SCOPE_PERMISSIONS,
            },
          },
        },
      },
    },
  };
}
