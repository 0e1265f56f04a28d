import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWith, numberOf, textOf } from '../../../src/renderer/src/layout/forms/form-check';

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  liters: z.number().positive().max(2000),
  days: z.int().min(1),
  kind: z.enum(['a', 'b']),
  hidden: z.string().optional(),
});

describe('form checks in an operator’s words', () => {
  it('names each field once, with words instead of zod’s', () => {
    const checked = checkWith(schema, { name: '  ', liters: 0, days: 2.5, kind: 'c', hidden: 3 }, [
      'name',
      'liters',
      'days',
      'kind',
    ]);
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'required',
        liters: 'must be more than 0',
        days: 'enter a number',
        kind: 'choose one of the options',
        form: 'hidden: required',
      },
    });
    expect(
      checkWith(schema, { name: 'toolong', liters: 3000, days: 0, kind: 'a' }, ['name', 'liters', 'days']),
    ).toEqual({
      ok: false,
      errors: {
        name: 'must be at most 5 characters',
        liters: 'must be at most 2,000',
        days: 'must be at least 1',
      },
    });
  });

  it('reads numbers as typed (a decimal comma too) and empty fields as absent', () => {
    expect(numberOf(' 42,5 ')).toBe(42.5);
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('abc')).toBeNaN();
    expect(textOf('  ')).toBeUndefined();
    expect(textOf(' Q8 ')).toBe('Q8');
  });
});
