import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/shared/ipc';
import { ApiError } from '../../../src/renderer/src/api';
import {
  CACHE_SIZE_MESSAGE,
  CACHE_SIZE_RANGE_MB,
  checkDraft,
  draftOf,
  fieldErrorsOf,
  saveErrorOf,
} from '../../../src/renderer/src/features/settings/settings-form';
import { TEST_SETTINGS } from '../support/sim-fleet';

describe('the settings form', () => {
  it('states the cache size range main applies', () => {
    expect(CACHE_SIZE_RANGE_MB).toEqual({ min: 50, max: 50_000 });
    expect(CACHE_SIZE_MESSAGE).toMatch(/^must be a whole number of MB from 50 to 50.?000$/);
  });

  it('has nothing to say about the settings main sent', () => {
    expect(fieldErrorsOf(draftOf(TEST_SETTINGS))).toEqual({});
    expect(checkDraft(draftOf(TEST_SETTINGS), TEST_SETTINGS)).toEqual({ ok: true, patch: {} });
  });

  it('refuses a tile URL without {z}, {x} and {y} with the schema’s words', () => {
    const draft = { ...draftOf(TEST_SETTINGS), tileUrl: 'https://tiles.example.com/tile.png' };
    expect(checkDraft(draft, TEST_SETTINGS)).toEqual({
      ok: false,
      fields: { tileUrl: 'must be an http(s) tile URL with {z}, {x} and {y}' },
    });
  });

  it('takes the three placeholders in the order the tile server wants, but all three', () => {
    const arcgis = 'https://server.example.com/tile/{z}/{y}/{x}';
    expect(checkDraft({ ...draftOf(TEST_SETTINGS), tileUrl: arcgis }, TEST_SETTINGS)).toEqual({
      ok: true,
      patch: { tileUrl: arcgis },
    });
    expect(
      fieldErrorsOf({ ...draftOf(TEST_SETTINGS), tileUrl: 'https://t.example.com/{z}/{x}.png' }),
    ).toEqual({
      tileUrl: 'must be an http(s) tile URL with {z}, {x} and {y}',
    });
    expect(fieldErrorsOf({ ...draftOf(TEST_SETTINGS), tileUrl: 'ftp://t.example.com/{z}/{x}/{y}' })).toEqual({
      tileUrl: 'must be an http(s) tile URL with {z}, {x} and {y}',
    });
  });

  it('refuses a cache size outside the range, empty or not a whole number', () => {
    for (const size of ['10', '50001', '', '120.5', 'lots'])
      expect(fieldErrorsOf({ ...draftOf(TEST_SETTINGS), cacheSizeMb: size })).toEqual({
        cacheSizeMb: CACHE_SIZE_MESSAGE,
      });
  });

  it('says how long an attribution may be', () => {
    expect(fieldErrorsOf({ ...draftOf(TEST_SETTINGS), tileAttribution: 'x'.repeat(301) })).toEqual({
      tileAttribution: 'must be at most 300 characters',
    });
  });

  it('sends only the fields that changed, trimmed and typed', () => {
    const draft = {
      ...draftOf(TEST_SETTINGS),
      tileUrl: '  https://tiles.example.com/{z}/{x}/{y}.png\n',
      cacheSizeMb: ' 1200 ',
      autoUpdate: true,
    };
    expect(checkDraft(draft, TEST_SETTINGS)).toEqual({
      ok: true,
      patch: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', cacheSizeMb: 1200, autoUpdate: true },
    });
  });

  it('sends nothing when a field is put back to what main has', () => {
    const draft = { ...draftOf(DEFAULT_SETTINGS), tileUrl: DEFAULT_SETTINGS.tileUrl };
    expect(checkDraft(draft, DEFAULT_SETTINGS)).toEqual({ ok: true, patch: {} });
  });

  it('puts main’s refusal beside the fields it names', () => {
    const refused = saveErrorOf(
      new ApiError({
        code: 'bad_args',
        message: 'The arguments of settings.set are not valid.',
        details: { tileUrl: ['is not reachable'], other: ['ignored'] },
      }),
    );
    expect(refused).toEqual({
      message: 'The settings were not saved: The arguments of settings.set are not valid.',
      fields: { tileUrl: 'is not reachable' },
    });
    expect(saveErrorOf(new Error('socket closed')).message).toContain('socket closed');
  });
});
