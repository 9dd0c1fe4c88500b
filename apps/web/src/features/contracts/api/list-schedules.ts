import type { ContractScheduleItem } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contractsKey } from './list-contracts';

export type ScheduleInclude = 'pending' | 'all';

/** GET schedules/contracts: the cancellations and price changes the daily job will carry out. */
export async function listContractSchedules(include: ScheduleInclude, signal?: AbortSignal): Promise<ContractScheduleItem[]> {
  return await api.get<ContractScheduleItem[]>('schedules/contracts', { query: { include }, signal });
}

export function useContractSchedules(include: ScheduleInclude = 'pending', enabled = true) {
  return useQuery({
    queryKey: [...contractsKey, 'schedules', include],
    queryFn: ({ signal }) => listContractSchedules(include, signal),
    enabled,
    staleTime: 10_000,
  });
}
