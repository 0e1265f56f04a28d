import { describe, expect, it } from 'vitest';
import { checkGroupDraft } from '../../../src/renderer/src/features/assets/group-form';
import { refusalOf } from '../../../src/renderer/src/layout/forms/refusal';
import { ApiError } from '../../../src/renderer/src/api';

describe('group form', () => {
  it('checks a name and description with the service’s own rules, in the form’s words', () => {
    expect(checkGroupDraft({ name: '  North depot ', description: '' })).toEqual({
      ok: true,
      name: 'North depot',
      description: undefined,
    });
    expect(checkGroupDraft({ name: '   ', description: '' })).toEqual({
      ok: false,
      fields: { name: 'Give the group a name' },
    });
    expect(checkGroupDraft({ name: 'x'.repeat(121), description: 'y'.repeat(501) })).toEqual({
      ok: false,
      fields: { name: 'At most 120 characters', description: 'At most 500 characters' },
    });
  });

  it('puts main’s and the service’s field errors beside the fields they name', () => {
    const mains = new ApiError({
      code: 'bad_args',
      message: 'The request is not valid.',
      details: { 'body.name': ['Too long'], 'body.asset_ids': ['must not repeat an asset'] },
    });
    expect(refusalOf(mains, ['name', 'description'])).toEqual({
      message: 'The request is not valid.',
      fields: { name: 'Too long' },
    });
    const services = new ApiError({
      code: 'invalid_request',
      message: 'The given data was invalid.',
      details: { name: ['has already been taken', 'is reserved'] },
    });
    expect(refusalOf(services, ['name']).fields).toEqual({ name: 'has already been taken; is reserved' });
    expect(refusalOf(new Error('socket closed'), ['name'])).toEqual({ message: 'socket closed', fields: {} });
  });
});
