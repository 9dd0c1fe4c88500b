import type { CustomerSegmentListItem } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { SegmentsListParams } from '../lib/list-params';

/** Every cached page and segment of this kind; invalidate after any change. */
export const customerSegmentsKey = ['segments', 'customers'] as const;

/** GET segments/customers: one page, searched and sorted by the server. */
export async function listCustomerSegments(params: SegmentsListParams): Promise<ApiPage<CustomerSegmentListItem>> {
  const search = params.search.trim();
  return await api.list<CustomerSegmentListItem>('segments/customers', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      order: params.order,
      search: search || undefined,
    },
  });
}

export function useCustomerSegmentsList(params: SegmentsListParams) {
  return useQuery({
    queryKey: [...customerSegmentsKey, 'list', params],
    queryFn: () => listCustomerSegments(params),
    // The table keeps the previous page while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });
}
