import type { CodeLists } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const customizationsKey = ['customizations'] as const;

/** GET customizations: the accounting program's code lists (terms, price lists, cost centres…). */
export async function getCustomizations(signal?: AbortSignal): Promise<CodeLists> {
  return await api.get<CodeLists>('customizations', { silent: true, signal });
}

export function useCustomizations() {
  return useQuery({ queryKey: customizationsKey, queryFn: ({ signal }) => getCustomizations(signal), staleTime: 5 * 60_000 });
}
