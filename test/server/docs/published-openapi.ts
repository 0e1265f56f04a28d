import { z } from 'zod';

/** The parts of /docs/openapi.json the interface tests read: what a client generator would read. */
const parameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  schema: z.looseObject({ type: z.unknown().optional() }),
});
const operationSchema = z.looseObject({
  parameters: z.array(parameterSchema).default([]),
  security: z.array(z.record(z.string(), z.array(z.string()))).default([]),
  responses: z.record(z.string(), z.looseObject({ headers: z.record(z.string(), z.unknown()).optional() })),
  deprecated: z.boolean().optional(),
});
const documentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});

export type PublishedDocument = z.infer<typeof documentSchema>;
export type PublishedOperation = z.infer<typeof operationSchema>;

export interface Operation {
  /** GET, POST, … */
  readonly method: string;
  /** OpenAPI template: /api/{account}/asset/{id} */
  readonly path: string;
  readonly op: PublishedOperation;
}

/** Fetches and parses the document the service publishes, without a token. */
export async function publishedOpenApi(baseUrl: string): Promise<{ raw: unknown; doc: PublishedDocument }> {
  const res = await fetch(`${baseUrl}/docs/openapi.json`);
  if (res.status !== 200) throw new Error(`/docs/openapi.json answered ${res.status}`);
  const raw: unknown = await res.json();
  return { raw, doc: documentSchema.parse(raw) };
}

export function operations(doc: PublishedDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** The template with each `{name}` replaced by `value(name)`. */
export const fillPath = (template: string, value: (name: string) => string): string =>
  template.replace(/\{([^}]+)\}/g, (_m, name: string) => value(name));
