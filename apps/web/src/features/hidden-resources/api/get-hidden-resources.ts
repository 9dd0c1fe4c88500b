import type { HiddenResources } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getAccessToken, getItem, setItem } from '../../../lib/storage';

export const hiddenResourcesQueryKey = ['hidden_resources'] as const;

/** The browser keeps the list under `hiddenResource` (docs/web-app.md#storage), so the menu is right before the answer. */
export function readStoredHiddenResources(): string[] {
  const raw = getItem('hiddenResource');
  return raw ? raw.split(',').filter(Boolean) : [];
}

export function storeHiddenResources(ids: readonly string[]): void {
  setItem('hiddenResource', ids.join(','));
}

/** GET hidden_resources: what the signed-in user has hidden (kept per user on the server). */
export async function getHiddenResources(): Promise<string[]> {
  const result = await api.get<HiddenResources>('hidden_resources', { silent: true });
  storeHiddenResources(result.resourceIds);
  return result.resourceIds;
}

export const hiddenResourcesQueryOptions = () =>
  queryOptions({
    queryKey: hiddenResourcesQueryKey,
    queryFn: getHiddenResources,
    enabled: () => getAccessToken() !== null,
    placeholderData: readStoredHiddenResources,
    staleTime: 5 * 60_000,
  });

export function useHiddenResources(): string[] {
  return useQuery(hiddenResourcesQueryOptions()).data ?? [];
}
