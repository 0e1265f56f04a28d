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

const fields = new WeakMap<z.core.$ZodObjectDef, readonly (readonly [string, z.core.$ZodType])[]>();
const fieldsOf = (def: z.core.$ZodObjectDef): readonly (readonly [string, z.core.$ZodType])[] => {
  let list = fields.get(def);
  if (!list) fields.set(def, (list = Object.entries(def.shape)));
  return list;
};

/** Schemas whose last value needed the walk: a service sends its values one way, so that way is tried first. */
const walkFirst = new WeakSet<z.core.$ZodType>();

/**
 * The value with its scalars of another type read as the schema's, found by walking the schema beside it:
 * a copy where something changed, the value itself where nothing did. Schema kinds it does not walk (pipes,
 * transforms, lazies) keep their values; the issues' reading below covers those.
 */
function walked(schema: z.core.$ZodType, value: unknown): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'number':
    case 'boolean': {
      const v = fixFor(def.type, value);
      return v === null ? value : v;
    }
    case 'nullable':
    case 'optional':
      return value === null || value === undefined
        ? value
        : walked((def as z.core.$ZodNullableDef).innerType, value);
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      let out: Record<string, unknown> | null = null;
      for (const [key, field] of fieldsOf(def as z.core.$ZodObjectDef)) {
        if (!(key in record)) continue;
        const v = walked(field, record[key]);
        if (v !== record[key]) (out ??= { ...record })[key] = v;
      }
      return out ?? value;
    }
    case 'array': {
      if (!Array.isArray(value)) return value;
      const element = (def as z.core.$ZodArrayDef).element;
      let out: unknown[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const v = walked(element, value[i]);
        if (v !== value[i]) (out ??= [...value])[i] = v;
      }
      return out ?? value;
    }
    case 'union': {
      // The first branch that finds something to read (one update or an array of them: not both). A union
      // with a string branch is left alone: "12" may be what it means.
      const options = (def as z.core.$ZodUnionDef).options;
      if (options.some((o) => !['object', 'array'].includes(o._zod.def.type))) return value;
      for (const option of options) {
        const v = walked(option, value);
        if (v !== value) return v;
      }
      return value;
    }
    default:
      return value;
  }
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
 * (ranges, whole numbers); an answer with any other problem is refused as it was, with the schema's issues
 * for it. `body` is not changed. The scalars are found by walking the schema beside the answer (objects,
 * arrays, unions of those, nullable and optional), and where the walk does not reach, from the issues of
 * the schema's refusal.
 */
export function parseVendorScalars<S extends z.ZodType>(
  schema: S,
  body: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  // A refused parse builds an issue per refused value (~1.5 ms for a live message of 250 updates with five
  // each), so for a service that needed the walk last time the walk comes first (~0.5 ms in all); for one
  // that sends the spec's types the schema alone (~0.1 ms).
  if (walkFirst.has(schema)) {
    const read = walked(schema, body);
    const parsed = schema.safeParse(read);
    if (parsed.success) {
      if (read === body) walkFirst.delete(schema);
      return parsed;
    }
  }
  const first = schema.safeParse(body);
  if (first.success) return first;
  const read = walked(schema, body);
  if (read !== body) {
    const parsed = schema.safeParse(read);
    if (parsed.success) {
      walkFirst.add(schema);
      return parsed;
    }
  }
  const fixes = fixesFor(first.error.issues, body, []);
  if (fixes === null || fixes.length === 0) return first;
  const copy: unknown = structuredClone(body);
  apply(copy, fixes);
  const again = schema.safeParse(copy);
  return again.success ? again : first;
}
