import { tagRequestSchema, type TagRequestInput } from '../../../../shared/interface';
import type { Tag } from '../../../../shared/ipc';
import { checkWith } from '../../layout/forms/form-check';
import type { Checked } from '../../layout/forms/use-form-submit';

export const TAG_FIELDS = ['name', 'mac', 'portable', 'asset_id'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

export interface TagDraft {
  name: string;
  mac: string;
  portable: boolean;
  assetId: number | null;
}

export const tagDraft = (t?: Tag): TagDraft => ({
  name: t?.name ?? '',
  mac: t?.mac ?? '',
  portable: t?.portable ?? false,
  assetId: t?.asset_id ?? null,
});

/** The draft as the service's request, its MAC checked with the shared tagRequestSchema. */
export function checkTagDraft(d: TagDraft): Checked<TagRequestInput, TagField> {
  return checkWith(
    tagRequestSchema,
    { name: d.name, mac: d.mac.trim(), portable: d.portable, asset_id: d.assetId },
    TAG_FIELDS,
  );
}

/** The same tag with one thing changed (PUT replaces the whole tag). */
export const tagBody = (t: Tag, change: Partial<TagRequestInput>): TagRequestInput => ({
  name: t.name,
  mac: t.mac,
  portable: t.portable,
  asset_id: t.asset_id,
  ...change,
});
