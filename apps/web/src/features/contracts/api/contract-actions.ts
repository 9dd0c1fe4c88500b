import type { Contract, ContractInvoice, ContractInvoiceBody, ContractPriceChange, PriceChangeBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contractKey } from './get-contract';
import { contractsKey } from './list-contracts';

const path = (id: string, action: string) => `contracts/${encodeURIComponent(id)}/${action}`;

/**
 * The contract actions (docs/accounting-data.md#contracts). Each is silent: the confirming dialog shows the refusal (a
 * field message, or the accounting program's own) where the user is looking.
 */
export const contractActions = {
  terminate: async (id: string) => await api.put<Contract>(path(id, 'terminate'), {}, { silent: true }),
  scheduleCancellation: async (id: string, date: string | null) =>
    await api.put<Contract>(path(id, 'schedule-cancellation'), { date }, { silent: true }),
  priceChange: async (id: string, body: PriceChangeBody) =>
    await api.post<ContractPriceChange>(path(id, 'price-changes'), body, { silent: true }),
  tags: async (id: string, tags: string[]) => await api.put<Contract>(path(id, 'tags'), { tags }, { silent: true }),
  /** `lastInvoiceDate` as the user saw it: the server refuses (409) if the period has moved since. */
  createInvoice: async (id: string, lastInvoiceDate: string | null) =>
    await api.post<ContractInvoice>(path(id, 'invoices'), { lastInvoiceDate } satisfies ContractInvoiceBody, {
      silent: true,
    }),
};

/**
 * One action as a mutation: afterwards the contract is read again (or taken from the answer when
 * the answer is the contract), and the lists and schedules are refreshed. A refusal reads the
 * contract again too: it may have changed in the program meanwhile.
 */
export function useContractAction<A extends unknown[], R>(id: string, run: (id: string, ...args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => run(id, ...args),
    onSuccess: async (answer) => {
      const isContract = typeof answer === 'object' && answer !== null && 'actions' in answer && 'rows' in answer;
      if (isContract) queryClient.setQueryData(contractKey(id), answer);
      else await queryClient.invalidateQueries({ queryKey: contractKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...contractsKey, 'list'] });
      await queryClient.invalidateQueries({ queryKey: [...contractsKey, 'schedules'] });
      await queryClient.invalidateQueries({ queryKey: [...contractsKey, 'tags'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: contractKey(id) }),
  });
}
