import type { Contract, CreateContractInput, UpdateContractInput } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contractKey } from './get-contract';
import { contractsKey } from './list-contracts';

/**
 * POST contracts and PUT contracts/{id}: written to the accounting program first, then to the
 * portal's copy. Silent: the form puts field errors on its inputs and the program's refusal in
 * its alert.
 */
export async function createContract(body: CreateContractInput): Promise<Contract> {
  return await api.post<Contract>('contracts', body, { silent: true });
}

export async function updateContract(id: string, body: UpdateContractInput): Promise<Contract> {
  return await api.put<Contract>(`contracts/${encodeURIComponent(id)}`, body, { silent: true });
}

export function useSaveContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateContractInput | UpdateContractInput }) =>
      id ? updateContract(id, body) : createContract(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(contractKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: [...contractsKey, 'list'] });
    },
  });
}
