/**
 * Tile servers whose usage policy forbids bulk downloading ("prefetching"):
 * the OpenStreetMap Foundation's tile usage policy
 * (https://operations.osmfoundation.org/policies/tiles/) for
 * tile.openstreetmap.org and the other *.openstreetmap.org tile hosts. There
 * the app keeps only the tiles an operator viewed.
 */
const NO_BULK_HOSTS = [/(^|\.)openstreetmap\.org$/i];

export function allowsBulkDownload(template: string): boolean {
  let host: string;
  try {
    host = new URL(template.replace(/\{[a-z]\}/gi, 'a')).hostname;
  } catch {
    return false;
  }
  return !NO_BULK_HOSTS.some((re) => re.test(host));
}
