import type { Scope } from '@fairway/shared';
import type { Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiPage } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { AccountingListActions, DocumentList, FilterSelect, NewButton } from './document-list';
import type { DocumentRowsProps } from './document-table';
import { type FilterDefs, type ListParamsConfig, type ListQuery, useListParams } from './use-list-params';

/** What one list of the accounting program's register is: its texts, API, filters and table. */
export interface AccountingListDef<T, S extends string, F extends FilterDefs> {
  /**
   * The feature's message namespace, which holds `list.searchLabel`, `list.searchPlaceholder`,
   * `list.new`, `list.exportFileName`, `list.emptyTitle`, `list.emptyText` and the filters' texts.
   */
  ns: string;
  /** The address parameters (`useListParams`), defined once at module level. */
  config: ListParamsConfig<S, F>;
  useList: (query: ListQuery<S, F>) => UseQueryResult<ApiPage<T>>;
  /** The queries a refresh from the program makes stale. */
  invalidate: readonly (readonly unknown[])[];
  /** The filters shown, in order. */
  filterNames: readonly (keyof F & string)[];
  filterWidth?: number;
  /** Who may create: the scope, and the create page. */
  writeScope: Scope;
  createPath: string;
  exportPath: string;
  emptyIcon: Icon;
  table: ComponentType<DocumentRowsProps<T, S>>;
}

/**
 * A register list copied from the accounting program (articles, customers): search, the
 * register's filters, refresh, export, "New …" for those who may write, and its table and pager.
 */
export function AccountingList<T, S extends string, F extends FilterDefs>({ def }: { def: AccountingListDef<T, S, F> }) {
  const { t } = useTranslation(def.ns);
  const user = useCurrentUser();
  const params = useListParams(def.config);
  const query = def.useList(params.query);
  const canWrite = user?.scopes.includes(def.writeScope) ?? false;
  const newButton = canWrite ? <NewButton to={def.createPath}>{t('list.new')}</NewButton> : null;
  const Table = def.table;

  return (
    <DocumentList
      params={params}
      query={query}
      searchLabel={t('list.searchLabel')}
      searchPlaceholder={t('list.searchPlaceholder')}
      filters={def.filterNames.map((name) => (
        <FilterSelect key={name} ns={def.ns} defs={def.config.filters} name={name} params={params} width={def.filterWidth} />
      ))}
      actions={
        <AccountingListActions
          invalidate={def.invalidate}
          exportPath={def.exportPath}
          query={params.query}
          fileName={t('list.exportFileName')}
          newButton={newButton}
        />
      }
      isFiltered={params.isFiltered}
      onClearFilters={params.clearFilters}
      needsAccounting
      empty={{ icon: def.emptyIcon, title: t('list.emptyTitle'), text: t('list.emptyText'), action: newButton }}
    >
      {(rows) => (
        <Table rows={rows} sort={params.sort} order={params.order} onSort={params.setSort} fetching={query.isFetching} />
      )}
    </DocumentList>
  );
}
