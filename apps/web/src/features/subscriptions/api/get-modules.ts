import type { ProductModule } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET modules: every module of the product and the smallest package carrying it. */
export async function getModules(signal?: AbortSignal): Promise<ProductModule[]> {
  return await api.get<ProductModule[]>('modules', { signal });
}

export function useModules() {
  return useQuery({ queryKey: ['modules'], queryFn: ({ signal }) => getModules(signal), staleTime: 5 * 60_000 });
}
