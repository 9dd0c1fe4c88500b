import type { EventLog, EventResource, EventType } from '@fairway/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';

export interface EventLogsParams {
  page: number;
  pageSize: number;
  type?: EventType;
  resource?: EventResource;
  /** `YYYY-MM-DD`, Swedish calendar days, both inclusive. */
  from?: string;
  to?: string;
  search?: string;
}

export const eventLogsQueryKey = ['eventlogs'] as const;

/** GET eventlogs: newest first. */
export async function getEventLogs(params: EventLogsParams, signal?: AbortSignal): Promise<ApiPage<EventLog>> {
  return await api.list<EventLog>('eventlogs', { query: { ...params }, signal });
}

export const eventLogsQueryOptions = (params: EventLogsParams) =>
  queryOptions({
    queryKey: [...eventLogsQueryKey, params] as const,
    queryFn: ({ signal }) => getEventLogs(params, signal),
    // Keeps the table in place while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useEventLogs(params: EventLogsParams, enabled = true) {
  return useQuery({ ...eventLogsQueryOptions(params), enabled });
}
