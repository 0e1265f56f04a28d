import { z } from 'zod';
import type { Deprecation } from './deprecation';

/** For routes that take no body: one sent anyway is ignored, as HTTP allows, and not documented. */
export const IGNORED_BODY = z.unknown();

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ResponseDoc {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Default application/json; several when the answer's type depends on the resource. */
  readonly contentType?: string | readonly string[];
}

/**
 * One route as the documentation portal shows it. Route tables (fleet,
 * reporting) are lists of these, so /docs/openapi.json and the registered
 * routes come from the same declarations.
 */
export interface RouteDoc {
  readonly method: HttpMethod;
  /** Fastify pattern: /api/:account/asset/:id */
  readonly url: string;
  readonly summary: string;
  readonly description?: string;
  /** Section of the portal (e.g. "Assets", "Reports"). */
  readonly tag: string;
  readonly auth: 'bearer' | 'none';
  /** The route checks access to an asset (spec 5 → 403). */
  readonly assetAccess?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** How the body is sent: JSON unless a form (RFC 6749's endpoints, HTML forms). */
  readonly bodyMediaType?: 'application/json' | 'application/x-www-form-urlencoded';
  /** The route reads and limits its body itself (oidc-provider), so fastify's 413 and 415 never apply. */
  readonly bodyReadByRoute?: boolean;
  /** A multipart upload instead of a JSON body. */
  readonly multipart?: {
    readonly field: string;
    readonly types: readonly string[];
    readonly maxBytes: number;
  };
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  readonly deprecation?: Deprecation;
}
