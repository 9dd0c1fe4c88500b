import {
  type AvailableResources,
  type DuplicateDetails,
  type DuplicateGroup,
  type DuplicateResource,
  type DuplicateScan,
  type DuplicatesListQuery,
  type DuplicatesSummary,
  type FieldMapper,
  type FieldMapperUpdateBody,
  type HandlingPlan,
  isRunFinished,
  type TransactionIdFields,
} from '@fairway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every cached Dubbelkoll answer; a change to a group makes them all stale. */
export const duplicatesKey = ['duplicates'] as const;
export const summaryKey = [...duplicatesKey, 'summary'] as const;
export const scanKey = [...duplicatesKey, 'scan'] as const;
export const groupKey = (id: string) => [...duplicatesKey, 'group', id] as const;
export const planKey = (id: string) => [...duplicatesKey, 'plan', id] as const;
export const fieldMapperKey = [...duplicatesKey, 'field_mapper'] as const;

const group = (id: string) => `duplicates/${encodeURIComponent(id)}`;

/** How often a scan or handling still under way is asked again. */
export const POLL_MS = 1000;

/** What the lists ask GET duplicates for (the server's defaults fill what is left out). */
export type DuplicatesQuery = Partial<DuplicatesListQuery>;

/** GET duplicates: one page of groups. */
export function useDuplicates(query: DuplicatesQuery) {
  return useQuery({
    queryKey: [...duplicatesKey, 'list', query],
    queryFn: ({ signal }) => api.list<DuplicateGroup>('duplicates', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET duplicates/summary: the home's figures and the scan; followed every second while a scan runs. */
export function useDuplicatesSummary() {
  return useQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => api.get<DuplicatesSummary>('duplicates/summary', { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.scan.status;
      return status && !isRunFinished(status) ? POLL_MS : false;
    },
  });
}

/** POST duplicates/scan: check the documents now. Answers the scan as it starts. */
export function useStartScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DuplicateScan>('duplicates/scan', {}, { silent: true }),
    onSuccess: async (scan) => {
      queryClient.setQueryData<DuplicatesSummary>(summaryKey, (old) => (old ? { ...old, scan } : old));
      await queryClient.invalidateQueries({ queryKey: summaryKey });
    },
  });
}

/** GET duplicates/:id/details: the original and its duplicates side by side. */
export function useDuplicateDetails(id: string) {
  return useQuery({
    queryKey: groupKey(id),
    queryFn: ({ signal }) => api.get<DuplicateDetails>(`${group(id)}/details`, { signal, silent: true }),
  });
}

export async function fetchDetails(id: string): Promise<DuplicateDetails> {
  return await api.get<DuplicateDetails>(`${group(id)}/details`, { silent: true });
}

/** After any change to a group: the lists, the summary and the group are read again. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return async () => await queryClient.invalidateQueries({ queryKey: duplicatesKey });
}

/** PUT duplicates/:id: mark resolved or unresolved. */
export function useSetResolved() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) => api.put<DuplicateGroup>(group(id), { resolved }),
    onSuccess: refresh,
  });
}

/** PUT duplicates/:id/not_duplicate/:x: the document `number` is not a duplicate of the original. */
export function useMarkNotDuplicate() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number: string }) =>
      api.put<unknown>(`${group(id)}/not_duplicate/${encodeURIComponent(number)}`, {}, { silent: true }),
    onSuccess: refresh,
  });
}

/** GET duplicates/:id/handle_group: the plan; polled while its run is under way. */
export function useHandlingPlan(id: string, enabled: boolean, follow: (plan: HandlingPlan) => boolean) {
  return useQuery({
    queryKey: planKey(id),
    queryFn: ({ signal }) => api.get<HandlingPlan>(`${group(id)}/handle_group`, { signal, silent: true }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && follow(query.state.data) ? POLL_MS : false),
  });
}

/** PUT duplicates/:id/handle_group or handle_single/:x: start handling what the plan showed. */
export function useStartHandling() {
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number?: string }) =>
      api.put<unknown>(
        number === undefined ? `${group(id)}/handle_group` : `${group(id)}/handle_single/${encodeURIComponent(number)}`,
        { confirm: true },
        { silent: true },
      ),
  });
}

/** Read everything again once a handling has ended. */
export function useRefreshDuplicates() {
  return useRefreshAll();
}

/** GET field_mapper, transaction-id-fields and available-resources: the settings tab. */
export function useFieldMapper() {
  return useQuery({ queryKey: fieldMapperKey, queryFn: ({ signal }) => api.get<FieldMapper>('field_mapper', { signal }) });
}

export function useTransactionIdFields() {
  return useQuery({
    queryKey: [...duplicatesKey, 'transaction-id-fields'],
    queryFn: ({ signal }) => api.get<TransactionIdFields>('transaction-id-fields', { signal }),
  });
}

export function useAvailableResources() {
  return useQuery({
    queryKey: [...duplicatesKey, 'available-resources'],
    queryFn: ({ signal }) => api.get<AvailableResources>('available-resources', { signal }),
  });
}

/** PUT field_mapper: one resource's mapping, or `null` for its default. */
export function useSaveFieldMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FieldMapperUpdateBody) => api.put<FieldMapper>('field_mapper', body, { silent: true }),
    onSuccess: async (answer) => {
      if (answer && typeof answer === 'object') queryClient.setQueryData(fieldMapperKey, answer);
      await queryClient.invalidateQueries({ queryKey: fieldMapperKey });
    },
  });
}

export type { DuplicateResource };
