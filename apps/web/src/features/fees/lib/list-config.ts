import { FEE_RULE_SORTS, FEE_SORTS, FEE_TYPE_SORTS } from '@fairway/shared';
import type { ListParamsConfig, ListQuery } from '../../../components/list/use-list-params';

const NO_FILTERS = {} as const;

/** The address parameters of the three tabs (GET fee_types, fees, fee_rules). */
export const FEE_TYPES_LIST: ListParamsConfig<(typeof FEE_TYPE_SORTS)[number], typeof NO_FILTERS> = {
  sorts: FEE_TYPE_SORTS,
  defaultSort: 'name',
  filters: NO_FILTERS,
};
export const FEES_LIST: ListParamsConfig<(typeof FEE_SORTS)[number], typeof NO_FILTERS> = {
  sorts: FEE_SORTS,
  defaultSort: 'name',
  filters: NO_FILTERS,
};
export const FEE_RULES_LIST: ListParamsConfig<(typeof FEE_RULE_SORTS)[number], typeof NO_FILTERS> = {
  sorts: FEE_RULE_SORTS,
  defaultSort: 'name',
  filters: NO_FILTERS,
};

export type FeeTypesQuery = ListQuery<(typeof FEE_TYPE_SORTS)[number], typeof NO_FILTERS>;
export type FeesQuery = ListQuery<(typeof FEE_SORTS)[number], typeof NO_FILTERS>;
export type FeeRulesQuery = ListQuery<(typeof FEE_RULE_SORTS)[number], typeof NO_FILTERS>;
