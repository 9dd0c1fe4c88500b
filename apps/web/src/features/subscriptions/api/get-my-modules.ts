import type { ProductModule } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/**
 * GET subscription/my_modules: the modules the organisation may use. Silent: the sidebar asks on
 * every dashboard page and only leaves module pages out while it has no answer; the modules card
 * says its own failure.
 */
export async function getMyModules(signal?: AbortSignal): Promise<ProductModule[]> {
  return await api.get<ProductModule[]>('subscription/my_modules', { signal, silent: true });
}

export function useMyModules() {
  return useQuery({ queryKey: [...subscriptionQueryKey, 'my_modules'], queryFn: ({ signal }) => getMyModules(signal) });
}
