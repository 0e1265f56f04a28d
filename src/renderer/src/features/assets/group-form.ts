import { assetGroupBodySchema } from '../../../../shared/interface';

export type GroupField = 'name' | 'description';
export const GROUP_FIELDS: readonly GroupField[] = ['name', 'description'];

export interface GroupDraft {
  name: string;
  description: string;
}

export type GroupCheck =
  | { readonly ok: true; readonly name: string; readonly description: string | undefined }
  | { readonly ok: false; readonly fields: Partial<Record<GroupField, string>> };

/**
 * A group's name and description checked with the service's own schema
 * (asset-group body), in the form's words: the same rule main and the
 * service apply, so nothing the form lets through is refused for its shape.
 */
export function checkGroupDraft(draft: GroupDraft): GroupCheck {
  const description = draft.description.trim();
  const parsed = assetGroupBodySchema.safeParse({
    name: draft.name,
    ...(description ? { description } : {}),
    asset_ids: [],
  });
  if (parsed.success) return { ok: true, name: parsed.data.name, description: parsed.data.description };
  const fields: Partial<Record<GroupField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key !== 'name' && key !== 'description') continue;
    if (issue.code === 'too_small') fields[key] ??= 'Give the group a name';
    else if (issue.code === 'too_big') fields[key] ??= `At most ${String(issue.maximum)} characters`;
    else fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}
