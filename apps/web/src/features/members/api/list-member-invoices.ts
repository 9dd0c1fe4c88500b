import type { MemberInvoices } from '@fairway/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { membersKey } from './members-key';

/**
 * GET member_billing/{id}/invoices: one page of the open invoices behind the member's invoice
 * balance, with that balance (the whole envelope: `data`, `pagination`, `balanceOre`).
 */
export async function listMemberInvoices(
  id: string,
  page: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<MemberInvoices> {
  const envelope = await request<MemberInvoices['data']>('GET', `member_billing/${encodeURIComponent(id)}/invoices`, {
    query: page,
    signal,
  });
  return envelope as unknown as MemberInvoices;
}

export const memberInvoicesQuery = (id: string, page: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...membersKey, 'billing', id, 'invoices', page],
    queryFn: ({ signal }) => listMemberInvoices(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useMemberInvoices(id: string, page: { page: number; pageSize: number }, enabled = true) {
  return useQuery({ ...memberInvoicesQuery(id, page), enabled });
}
