import { MAX_PAGE, type PaginationMeta } from '../../../shared/interface';
import { ApiError } from './api-error';

/**
 * Every page of a spec 4.2-paged list: the first, then the rest in parallel,
 * at most `concurrency` at a time. The list may shift between pages (a record
 * added meanwhile): the first copy of each id is kept.
 */
export async function allPages<T extends { readonly id: number }>(
  route: string,
  page: (n: number) => Promise<{ readonly data: readonly T[]; readonly meta: PaginationMeta }>,
  concurrency = 4,
): Promise<T[]> {
  const first = await page(1);
  // The page numbers below are an array: billions of them would end the process out of memory.
  if (first.meta.last_page > MAX_PAGE)
    throw new ApiError({
      kind: 'bad_response',
      route,
      message: `The service's answer to ${route} claims ${first.meta.last_page} pages; no list has more than ${MAX_PAGE}.`,
    });
  const pages: (readonly T[])[] = [first.data];
  const rest = Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => i + 2);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < rest.length) {
      const n = rest[next++];
      if (n === undefined) return;
      pages[n - 1] = (await page(n)).data;
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), rest.length) }, worker));
  const seen = new Set<number>();
  return pages.flat().filter((x) => !seen.has(x.id) && (seen.add(x.id), true));
}

/** {api_url}/api/{account_key}: where spec 4.2 and 4.3 paths live. */
export const fleetBase = (apiUrl: string, accountKey: string): string =>
  `${apiUrl.replace(/\/+$/, '')}/api/${encodeURIComponent(accountKey)}`;
