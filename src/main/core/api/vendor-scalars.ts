import { z } from 'zod';

/**
 * A number the spec types as a number, sent as a JSON string of that number. Laravel's PDO returns a MySQL
 * DECIMAL column (coordinates, speeds, odometers) as a string unless the model casts it: `"45.4729000"`.
 */
const DECIMAL_STRING = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A value read as the schema's type: a decimal string as a number, 0 or 1 as a boolean; null if it is neither. */
function readAs(expected: string, value: unknown): number | boolean | null {
  if (expected === 'number' && typeof value === 'string' && DECIMAL_STRING.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (expected === 'boolean' && (value === 0 || value === 1)) return value === 1;
  return null;
}

const fieldNames = new WeakMap<z.core.$ZodObjectDef, readonly string[]>();
const fieldNamesOf = (def: z.core.$ZodObjectDef): readonly string[] => {
  let names = fieldNames.get(def);
  if (!names) fieldNames.set(def, (names = Object.keys(def.shape)));
  return names;
};

/** Schemas whose last value needed the walk: a service sends its values one way, so that way is tried first. */
const walkFirst = new WeakSet<z.core.$ZodType>();

/**
 * The value with its scalars of another type read as the schema's, found by walking the schema beside it:
 * a copy where something changed, the value itself where nothing did. A value the schema takes as it is
 * comes back unchanged (only a string where a number is expected, or 0/1 where a boolean is, is read), so
 * the walk can only turn a refusal into an answer, never an answer into something else.
 */
function walked(schema: z.core.$ZodType, value: unknown): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'number':
    case 'boolean': {
      const v = readAs(def.type, value);
      return v === null ? value : v;
    }
    case 'nullable':
    case 'optional':
      return value === null || value === undefined
        ? value
        : walked((def as z.core.$ZodNullableDef).innerType, value);
    // A record's body with its meta (spec 4.3), fields with defaults: the value goes through each part.
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walked((def as z.core.$ZodDefaultDef).innerType, value);
    case 'intersection': {
      const both = def as z.core.$ZodIntersectionDef;
      return walked(both.right, walked(both.left, value));
    }
    case 'pipe':
      return walked((def as z.core.$ZodPipeDef).in, value);
    case 'lazy':
      return walked((def as z.core.$ZodLazyDef).getter(), value);
    case 'object':
    case 'record': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      // An object's fields each with its own schema; a record's keys all with its value schema.
      const shape = def.type === 'object' ? (def as z.core.$ZodObjectDef).shape : null;
      const element = (def as z.core.$ZodRecordDef).valueType;
      let out: Record<string, unknown> | null = null;
      for (const key of shape ? fieldNamesOf(def as z.core.$ZodObjectDef) : Object.keys(record)) {
        if (!(key in record)) continue;
        const v = walked(shape ? shape[key]! : element, record[key]);
        if (v !== record[key]) (out ??= { ...record })[key] = v;
      }
      return out ?? value;
    }
    case 'array':
    case 'tuple': {
      if (!Array.isArray(value)) return value;
      const list = def.type === 'array' ? null : (def as z.core.$ZodTupleDef);
      let out: unknown[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const element = list ? (list.items[i] ?? list.rest) : (def as z.core.$ZodArrayDef).element;
        if (!element) break;
        const v = walked(element, value[i]);
        if (v !== value[i]) (out ??= [...value])[i] = v;
      }
      return out ?? value;
    }
    case 'union':
      return walkedUnion(def as z.core.$ZodUnionDef & { discriminator?: string }, value);
    default:
      return value;
  }
}

/**
 * A discriminated union's value is walked with the branch its discriminator names. Of another union's
 * branches, the first whose reading that branch accepts (or, failing that, the first that read something):
 * one update or an array of them. A union with a branch that is not an object or array is left alone: the
 * string "12" may be what it means.
 */
function walkedUnion(def: z.core.$ZodUnionDef & { discriminator?: string }, value: unknown): unknown {
  const options = def.options;
  const key = def.discriminator;
  if (key !== undefined) {
    if (typeof value !== 'object' || value === null) return value;
    const tag = (value as Record<string, unknown>)[key];
    const branch = options.find((o) => o._zod.propValues?.[key]?.has(tag as z.core.util.Primitive));
    return branch ? walked(branch, value) : value;
  }
  if (options.some((o) => !['object', 'array'].includes(o._zod.def.type))) return value;
  const readings: (readonly [z.core.$ZodType, unknown])[] = [];
  for (const option of options) {
    const v = walked(option, value);
    if (v !== value) readings.push([option, v]);
  }
  // One branch read something (an array of updates is not an update): no parse here, the caller's does it.
  if (readings.length <= 1) return readings[0]?.[1] ?? value;
  return (readings.find(([option, v]) => z.core.safeParse(option, v).success) ?? readings[0]!)[1];
}

/**
 * A service answer or event read with the schema, where a Laravel-shaped service's scalars of another JSON
 * type are read as the spec's (docs/interface-decisions.md "The desktop client's reading of the spec"):
 * a number sent as a decimal string, a boolean sent as 0 or 1 (a TINYINT(1) column the model does not
 * cast). Only a value the schema refused for its type is read again, and then checked by the same schema
 * (ranges, whole numbers); an answer with any other problem is refused as it was, with the schema's issues
 * for it. `body` is not changed. The scalars are found by walking the schema beside the answer.
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
    // Refused as read, so refused as sent (the walk changes only what the schema refuses): the issues are
    // those of what was sent. The walk is not done again.
    return read === body ? parsed : schema.safeParse(body);
  }
  const first = schema.safeParse(body);
  if (first.success) return first;
  const read = walked(schema, body);
  if (read === body) return first;
  const parsed = schema.safeParse(read);
  if (!parsed.success) return first;
  walkFirst.add(schema);
  return parsed;
}
