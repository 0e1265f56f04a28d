import type { useGroups } from '../../stores/groups';

type Groups = Pick<ReturnType<typeof useGroups>, 'assign' | 'byId' | 'membersOf'>;

const assetsWord = (n: number): string => (n === 1 ? '1 asset' : `${n} assets`);

/**
 * Puts assets into a group, and when `fromId` names another group, takes
 * them out of it (a move). The service changes one group per request, so a
 * move is two: the assets are added first, and a failure to take them out
 * leaves them in both groups, never in neither. Returns what was done, in
 * words for the list's status line.
 */
export async function moveToGroup(
  groups: Groups,
  assetIds: readonly number[],
  toId: number,
  fromId: number | null,
): Promise<string> {
  const to = groups.byId.get(toId);
  if (!to) throw new Error('That group is gone: it was deleted meanwhile.');
  const members = groups.membersOf(toId);
  const add = assetIds.filter((id) => !members.has(id));
  if (add.length > 0) await groups.assign(toId, add);
  const from = fromId !== null && fromId !== toId ? groups.byId.get(fromId) : undefined;
  if (from) {
    const inFrom = groups.membersOf(from.id);
    const remove = assetIds.filter((id) => inFrom.has(id));
    if (remove.length > 0) await groups.assign(from.id, [], remove);
    return `Moved ${assetsWord(assetIds.length)} from ${from.name} to ${to.name}.`;
  }
  if (add.length === 0) return `${assetIds.length === 1 ? 'It is' : 'They are'} already in ${to.name}.`;
  return `Added ${assetsWord(add.length)} to ${to.name}.`;
}

/** Takes assets out of one group. */
export async function removeFromGroup(
  groups: Groups,
  assetIds: readonly number[],
  fromId: number,
): Promise<string> {
  const from = groups.byId.get(fromId);
  if (!from) throw new Error('That group is gone: it was deleted meanwhile.');
  const inFrom = groups.membersOf(fromId);
  const remove = assetIds.filter((id) => inFrom.has(id));
  if (remove.length > 0) await groups.assign(fromId, [], remove);
  return `Took ${assetsWord(remove.length)} out of ${from.name}.`;
}
