import { CONTRACT_SORTS, CONTRACT_STATUSES, type ContractSort } from '@fairway/shared';
import type { ListParamsConfig, ListQuery } from '../../../components/list/use-list-params';

const FILTERS = {
  status: ['all', ...CONTRACT_STATUSES],
} as const;

/**
 * The contracts list's address parameters: the server's sorts and the status filter (GET
 * contracts). The tag filter is free text, so it lives beside these (see `useTagParam`).
 */
export const CONTRACTS_LIST: ListParamsConfig<ContractSort, typeof FILTERS> = {
  sorts: CONTRACT_SORTS,
  defaultSort: 'number',
  defaultOrder: 'desc',
  filters: FILTERS,
};

/** The status tabs, in the order of `CONTRACT_STATUSES` after "all". */
export const STATUS_TABS = FILTERS.status;

/** What the contracts list asks GET contracts (and the export) for. */
export type ContractsQuery = ListQuery<ContractSort, typeof FILTERS> & { tag?: string };
