import { createHash } from 'node:crypto';
import type { Profile } from '../../../shared/ipc/views';
import type { ServiceEndpoints } from './service-endpoints';

/** The Demo profile's data: one owner whatever port its in-process service got this time. */
export const DEMO_DATA_OWNER = 'demo';

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'x';

/**
 * Whose local data this is (reports, tracking links, cached fleet and
 * history): one service (its reporting address), one account, one user.
 * A token sign-in and a browser sign-in as the same user of the same
 * account see the same data; anyone else sees their own. Readable for a
 * person looking at the data folder, unique by its hash.
 */
export function dataOwnerOf(
  profile: Profile,
  endpoints: Pick<ServiceEndpoints, 'base_url' | 'account_key' | 'user_id'>,
): string {
  if (profile.kind === 'demo') return DEMO_DATA_OWNER;
  const service = new URL(endpoints.base_url);
  const identity = `${service.origin}${service.pathname.replace(/\/+$/, '')}\n${endpoints.account_key}\n${endpoints.user_id}`;
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 12);
  return `${slug(service.host)}-${slug(endpoints.account_key)}-user${endpoints.user_id}-${hash}`;
}
