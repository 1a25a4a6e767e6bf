/** The `{ list, pageInfo }` reply of NocoDB list endpoints, for lists that are returned whole (one page). */
import type { ListReply } from '@rowbase/core/api/meta';

export function listReply<T>(list: T[]): ListReply<T> {
  return {
    list,
    pageInfo: { totalRows: list.length, page: 1, pageSize: list.length, isFirstPage: true, isLastPage: true },
  };
}
