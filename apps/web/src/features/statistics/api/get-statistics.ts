import type {
  ContractStatistics,
  CustomerStatistics,
  GeneralStatistics,
  InvoiceStatistics,
  ProductStatistics,
  StatisticsTab,
} from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { pollWhileRefreshing } from '../../../components/completion-note';
import { api } from '../../../lib/api-client';

export interface StatisticsByTab {
  general: GeneralStatistics;
  contracts: ContractStatistics;
  customers: CustomerStatistics;
  invoices: InvoiceStatistics;
  products: ProductStatistics;
}

export const statisticsKey = ['statistics'] as const;

/** GET statistics/{tab}/{period}: one tab's figures from the portal's copy of the accounting data. */
export async function getStatistics<T extends StatisticsTab>(
  tab: T,
  period: string,
  signal?: AbortSignal,
): Promise<StatisticsByTab[T]> {
  return await api.get<StatisticsByTab[T]>(`statistics/${tab}/${encodeURIComponent(period)}`, { signal });
}

export function useStatistics<T extends StatisticsTab>(tab: T, period: string, clubAccountId: string | undefined) {
  return useQuery({
    queryKey: [...statisticsKey, clubAccountId, tab, period],
    queryFn: ({ signal }) => getStatistics(tab, period, signal),
    enabled: clubAccountId !== undefined,
    staleTime: 60_000,
    refetchInterval: (query) => pollWhileRefreshing(query.state.data),
  });
}
