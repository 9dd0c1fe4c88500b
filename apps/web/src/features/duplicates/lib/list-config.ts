import { DUPLICATE_RESOURCES } from '@fairway/shared';
import type { ListParamsConfig } from '../../../components/list/use-list-params';

export const DUPLICATE_SORTS = ['found', 'amount', 'date', 'duplicates', 'confidence'] as const;
export type DuplicateSort = (typeof DUPLICATE_SORTS)[number];

/** The status filter, unresolved first: the default, as on the server. */
const STATUS = ['unsolved', 'all', 'solved'] as const;

/** A resource's list: status only. Newest found first. */
export const RESOURCE_LIST: ListParamsConfig<DuplicateSort, { status: typeof STATUS }> = {
  sorts: DUPLICATE_SORTS,
  defaultSort: 'found',
  defaultOrder: 'desc',
  filters: { status: STATUS },
};

const RESOURCE_FILTER = ['all', ...DUPLICATE_RESOURCES] as const;

/** The home's list: status and resource. */
export const HOME_LIST: ListParamsConfig<DuplicateSort, { status: typeof STATUS; resource: typeof RESOURCE_FILTER }> = {
  sorts: DUPLICATE_SORTS,
  defaultSort: 'found',
  defaultOrder: 'desc',
  filters: { status: STATUS, resource: RESOURCE_FILTER },
};

export const isDuplicateResource = (value: string | undefined): value is (typeof DUPLICATE_RESOURCES)[number] =>
  (DUPLICATE_RESOURCES as readonly string[]).includes(value ?? '');
