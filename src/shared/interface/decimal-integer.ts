import { z } from 'zod';

/**
 * The one spelling of a whole number in a path or a query string: `0` or a
 * non-zero digit followed by digits. No sign, no leading zeros, no spaces, no
 * exponent, no fraction, no hex (docs/interface-decisions.md, "Fleet
 * tracking interface"): `0x1`, `%201`, `01`, `+1` and `1e3` are refused, so
 * one resource has one address and a typo is a 400, not another record.
 */
export const DECIMAL_INTEGER_PATTERN = /^(?:0|[1-9][0-9]*)$/;

export const DECIMAL_INTEGER_MESSAGE =
  'must be a whole number in decimal digits (no sign, leading zeros, spaces, exponent or hex)';

/** How the OpenAPI document describes such a parameter: an integer, whatever zod's input type is. */
export interface DecimalIntegerJsonSchema {
  readonly type: 'integer';
  readonly minimum: number;
  readonly maximum: number;
  readonly default?: number;
}

const described = z.registry<DecimalIntegerJsonSchema>();

export interface DecimalIntegerBounds {
  readonly min: number;
  readonly max: number;
}

const parser = ({ min, max }: DecimalIntegerBounds) =>
  z
    .string()
    .regex(DECIMAL_INTEGER_PATTERN, DECIMAL_INTEGER_MESSAGE)
    .transform(Number)
    .pipe(z.int().min(min).max(max));

/** A path or query parameter holding a whole number in [min, max]. */
export function decimalInteger(bounds: DecimalIntegerBounds) {
  return parser(bounds).register(described, { type: 'integer', minimum: bounds.min, maximum: bounds.max });
}

/** The same, with the value used when the parameter is absent. */
export function decimalIntegerOr(bounds: DecimalIntegerBounds, fallback: number) {
  return parser(bounds)
    .default(fallback)
    .register(described, { type: 'integer', minimum: bounds.min, maximum: bounds.max, default: fallback });
}

/** For the OpenAPI generator: the integer a schema made here stands for (zod sees a string). */
export function decimalIntegerJsonSchema(schema: z.core.$ZodType): DecimalIntegerJsonSchema | undefined {
  return described.get(schema);
}

/** Largest id a path accepts: the service's ids are 32-bit (SQLite rowids of its own tables, simulated ids). */
export const MAX_ID = 2 ** 31 - 1;

/** An id in a path or a query string. */
export const idParam = decimalInteger({ min: 1, max: MAX_ID });
