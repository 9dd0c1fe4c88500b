import { MEMBER_SORTS, type MemberSort } from '@fairway/shared';
import type { ListParamsConfig, ListQuery } from '../../../components/list/use-list-params';

/** The fixed-choice filters of the member list; categories and the age range are read apart (their values are open). */
const FILTERS = {
  active: ['all', 'true', 'false'],
  sex: ['all', 'male', 'female'],
  inFamily: ['all', 'true', 'false'],
  hasBalance: ['all', 'true', 'false'],
} as const;

export const MEMBERS_LIST: ListParamsConfig<MemberSort, typeof FILTERS> = {
  sorts: MEMBER_SORTS,
  defaultSort: 'name',
  filters: FILTERS,
};

export type MembersListParams = ListQuery<MemberSort, typeof FILTERS>;

/** The open filters, kept in the address next to the fixed ones. */
export const OPEN_FILTERS = ['memberCategoryId', 'playerCategoryId', 'ageFrom', 'ageTo'] as const;
export type OpenFilter = (typeof OPEN_FILTERS)[number];

/** What GET members is asked: 'all' filters left out. */
export function membersQuery(params: MembersListParams, open: Partial<Record<OpenFilter, string>>) {
  const query: Record<string, string | number | undefined> = {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
    search: params.search,
  };
  for (const name of ['active', 'sex', 'inFamily', 'hasBalance'] as const) {
    if (params[name] !== 'all') query[name] = params[name];
  }
  for (const name of OPEN_FILTERS) if (open[name]) query[name] = open[name];
  return query;
}
