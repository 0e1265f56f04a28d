import type { Tag } from '../../../../shared/ipc';

/** Tags matching the search (name or MAC, any case, colons optional) and the asset filter, by name. */
export function tagRows(tags: readonly Tag[], text: string, assetId: number | null): Tag[] {
  const q = text.trim().toLowerCase();
  const hex = q.replace(/[^0-9a-f]/g, '');
  return tags
    .filter((t) => assetId === null || t.asset_id === assetId)
    .filter(
      (t) =>
        q === '' ||
        t.name.toLowerCase().includes(q) ||
        (hex.length >= 2 && t.mac.toLowerCase().replace(/:/g, '').includes(hex)),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
