import type { PaginationMeta } from '../../shared/interface';

/**
 * Spec 4.2 pagination. A page past the last is not an error: it is empty and
 * its meta says where the last page is (as Laravel's paginator answers).
 * last_page is at least 1, also for an empty list.
 */
export function paginate<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): { items: T[]; meta: PaginationMeta } {
  const total = items.length;
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    meta: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
    },
  };
}
