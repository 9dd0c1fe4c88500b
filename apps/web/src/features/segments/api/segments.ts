import type {
  ArticleSegment,
  ArticleSegmentBody,
  ArticleSegmentListItem,
  CustomerSegment,
  CustomerSegmentBody,
  CustomerSegmentListItem,
  SegmentKind,
} from '@fairway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { SegmentsListParams } from '../lib/list-params';

/** What each kind of segment is on the wire: the stored segment, its body, and a list row. */
export interface SegmentTypes {
  customer: { segment: CustomerSegment; body: CustomerSegmentBody; listItem: CustomerSegmentListItem };
  article: { segment: ArticleSegment; body: ArticleSegmentBody; listItem: ArticleSegmentListItem };
}
export type SegmentOf<K extends SegmentKind> = SegmentTypes[K]['segment'];
export type SegmentBodyOf<K extends SegmentKind> = SegmentTypes[K]['body'];
export type SegmentListItemOf<K extends SegmentKind> = SegmentTypes[K]['listItem'];

/** The API's collection of each kind. */
const COLLECTION: Record<SegmentKind, string> = { customer: 'segments/customers', article: 'segments/articles' };

const one = (kind: SegmentKind, id: string) => `${COLLECTION[kind]}/${encodeURIComponent(id)}`;

const KEYS = { customer: ['segments', 'customers'], article: ['segments', 'articles'] } as const;

/** Every cached page and segment of a kind; invalidate after any change. */
export const segmentsKey = (kind: SegmentKind) => KEYS[kind];

/** GET segments/{kind}: one page, searched and sorted by the server. */
export async function listSegments<K extends SegmentKind>(
  kind: K,
  params: SegmentsListParams,
): Promise<ApiPage<SegmentListItemOf<K>>> {
  const search = params.search.trim();
  return await api.list<SegmentListItemOf<K>>(COLLECTION[kind], {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      order: params.order,
      search: search || undefined,
    },
  });
}

/** GET segments/{kind}/{id}. Silent: the edit page sends an unknown id to the 404 page itself. */
export async function getSegment<K extends SegmentKind>(kind: K, id: string): Promise<SegmentOf<K>> {
  return await api.get<SegmentOf<K>>(one(kind, id), { silent: true });
}

/**
 * POST segments/{kind}, or PUT segments/{kind}/{id} with the whole segment. Silent: the form
 * shows field errors on its inputs.
 */
export async function saveSegment<K extends SegmentKind>(kind: K, body: SegmentBodyOf<K>, id?: string): Promise<SegmentOf<K>> {
  return id === undefined
    ? await api.post<SegmentOf<K>>(COLLECTION[kind], body, { silent: true })
    : await api.put<SegmentOf<K>>(one(kind, id), body, { silent: true });
}

/** DELETE segments/{kind}/{id}. Refusals are shown by the global error handling. */
export async function deleteSegment(kind: SegmentKind, id: string): Promise<void> {
  await api.delete<{ id: string }>(one(kind, id));
}

export function useSegmentsList<K extends SegmentKind>(kind: K, params: SegmentsListParams) {
  return useQuery({
    queryKey: [...segmentsKey(kind), 'list', params],
    queryFn: () => listSegments(kind, params),
    // The table keeps the previous page while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useSegment<K extends SegmentKind>(kind: K, id: string | undefined) {
  return useQuery({
    queryKey: [...segmentsKey(kind), 'one', id],
    queryFn: () => getSegment(kind, id as string),
    enabled: id !== undefined,
    retry: false,
  });
}

export function useSaveSegment<K extends SegmentKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SegmentBodyOf<K> }) => saveSegment(kind, body, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentsKey(kind) }),
  });
}

export function useDeleteSegment(kind: SegmentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSegment(kind, id),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...segmentsKey(kind), 'one', id] });
      await queryClient.invalidateQueries({ queryKey: [...segmentsKey(kind), 'list'] });
    },
  });
}
