import type { ProductModule } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** GET subscription/my_modules: the modules the organisation's package includes. */
export async function getMyModules(signal?: AbortSignal): Promise<ProductModule[]> {
  return await api.get<ProductModule[]>('subscription/my_modules', { signal });
}

export function useMyModules() {
  return useQuery({ queryKey: [...subscriptionQueryKey, 'my_modules'], queryFn: ({ signal }) => getMyModules(signal) });
}
