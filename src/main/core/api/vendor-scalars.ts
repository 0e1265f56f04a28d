import type { z } from 'zod';

/**
 * A number the spec types as a number, sent as a JSON string of that number. Laravel's PDO returns a MySQL
 * DECIMAL column (coordinates, speeds, odometers) as a string unless the model casts it: `"45.4729000"`.
 */
const DECIMAL_STRING = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

type Path = readonly PropertyKey[];
interface Fix {
  readonly path: Path;
  readonly value: number | boolean;
}

const at = (body: unknown, path: Path): unknown => {
  let v = body;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
};

/** What would make one refused value right: a decimal string for a number, 0 or 1 for a boolean. */
function fixFor(expected: string, value: unknown): number | boolean | null {
  if (expected === 'number' && typeof value === 'string' && DECIMAL_STRING.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (expected === 'boolean' && (value === 0 || value === 1)) return value === 1;
  return null;
}

/**
 * The fixes for a list of issues; null when some issue is not of that kind. Of a union's branches, the first
 * that these fixes alone would satisfy is taken (the live payload: one update or an array of them).
 */
function fixesFor(issues: readonly z.core.$ZodIssue[], body: unknown, base: Path): Fix[] | null {
  const fixes: Fix[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_type') {
      const value = fixFor(issue.expected, at(body, path));
      if (value === null) return null;
      fixes.push({ path, value });
    } else if (issue.code === 'invalid_union') {
      const branch = issue.errors.map((e) => fixesFor(e, body, path)).find((f) => f !== null && f.length > 0);
      if (!branch) return null;
      fixes.push(...branch);
    } else return null;
  }
  return fixes;
}

function apply(body: unknown, fixes: readonly Fix[]): void {
  for (const { path, value } of fixes) {
    const parent = at(body, path.slice(0, -1));
    const key = path.at(-1);
    if (key !== undefined && typeof parent === 'object' && parent !== null)
      (parent as Record<PropertyKey, unknown>)[key] = value;
  }
}

/**
 * A service answer or event read with the schema, where a Laravel-shaped service's scalars of another JSON
 * type are read as the spec's (docs/interface-decisions.md "The desktop client's reading of the spec"):
 * a number sent as a decimal string, a boolean sent as 0 or 1 (a TINYINT(1) column the model does not
 * cast). Only a value the schema refused for its type is read again, and then checked by the same schema
 * (ranges, whole numbers); an answer with any other problem is refused as it was. An answer the schema
 * accepts costs nothing more; `body` is not changed.
 */
export function parseVendorScalars<S extends z.ZodType>(
  schema: S,
  body: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const first = schema.safeParse(body);
  if (first.success) return first;
  const fixes = fixesFor(first.error.issues, body, []);
  if (fixes === null || fixes.length === 0) return first;
  const copy: unknown = structuredClone(body);
  apply(copy, fixes);
  const again = schema.safeParse(copy);
  return again.success ? again : first;
}
