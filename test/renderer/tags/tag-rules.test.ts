import { describe, expect, it } from 'vitest';
import { checkTagDraft, tagBody, tagDraft } from '../../../src/renderer/src/features/tags/tag-form-rules';
import { tagRows } from '../../../src/renderer/src/features/tags/tag-rows';
import type { Tag } from '../../../src/shared/ipc';

const tag = (id: number, name: string, mac: string, assetId: number | null = null): Tag => ({
  id,
  name,
  mac,
  portable: false,
  asset_id: assetId,
  created_at: '2026-11-01T08:00:00Z',
});

describe('tags and beacons', () => {
  it('checks the MAC with the shared schema and sends it in capitals', () => {
    expect(checkTagDraft({ ...tagDraft(), name: 'Pallet jack', mac: ' ac:23:3f:01:02:0a ' })).toEqual({
      ok: true,
      data: { name: 'Pallet jack', mac: 'AC:23:3F:01:02:0A', portable: false, asset_id: null },
    });
    expect(checkTagDraft({ ...tagDraft(), name: 'Pallet jack', mac: 'AC-23-3F-01-02' })).toEqual({
      ok: false,
      errors: { mac: 'must be a MAC address such as AC:23:3F:01:02:03' },
    });
  });

  it('changes one thing of a tag and keeps the rest, as the service’s PUT replaces it whole', () => {
    expect(tagBody(tag(3, 'Card', 'AC:23:3F:01:02:03', 7), { portable: true })).toEqual({
      name: 'Card',
      mac: 'AC:23:3F:01:02:03',
      portable: true,
      asset_id: 7,
    });
  });

  it('finds tags by name or MAC, colons or not, and by the asset they are on, sorted by name', () => {
    const tags = [
      tag(1, 'Trailer 2', 'AC:23:3F:00:00:02', 4),
      tag(2, 'Card Rossi', 'AC:23:3F:0A:BB:01'),
      tag(3, 'Trailer 1', 'AC:23:3F:00:00:01', 4),
    ];
    expect(tagRows(tags, '', null).map((t) => t.id)).toEqual([2, 3, 1]);
    expect(tagRows(tags, '0abb', null).map((t) => t.id)).toEqual([2]);
    expect(tagRows(tags, '0A:BB', null).map((t) => t.id)).toEqual([2]);
    expect(tagRows(tags, 'trailer', 4).map((t) => t.name)).toEqual(['Trailer 1', 'Trailer 2']);
    expect(tagRows(tags, '', 9)).toEqual([]);
  });
});
