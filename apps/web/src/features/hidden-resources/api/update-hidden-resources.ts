import type { HiddenResources } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hiddenResourcesQueryKey, storeHiddenResources } from './get-hidden-resources';

/** PUT hidden_resources: replaces the signed-in user's list. */
export async function updateHiddenResources(resourceIds: string[]): Promise<string[]> {
  const result = await api.put<HiddenResources>('hidden_resources', { resourceIds });
  return result.resourceIds;
}

export function useUpdateHiddenResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHiddenResources,
    onSuccess: (ids) => {
      queryClient.setQueryData(hiddenResourcesQueryKey, ids);
      storeHiddenResources(ids);
    },
  });
}
