import type { DuplicateResource } from '@fairway/shared';
import { Button } from '@mantine/core';
import { IconCopy, IconRadar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentList, type DocumentListParams, FilterSelect } from '../../../components/list/document-list';
import { listErrorMessage } from '../../../components/list/list-states';
import { type SortOrder, useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { notifyError } from '../../../lib/notify';
import { type DuplicatesQuery, duplicatesKey, useDuplicates, useDuplicatesSummary, useStartScan } from '../api/duplicates';
import { type DuplicateSort, HOME_LIST, RESOURCE_LIST } from '../lib/list-config';
import { DuplicatesTable } from './duplicates-table';
import { useGroupActions } from './group-actions';

/** The home's list (any resource, with a resource filter). */
export function HomeDuplicatesList() {
  const params = useListParams(HOME_LIST);
  const query: DuplicatesQuery = useMemo(() => {
    const { resource, ...rest } = params.query;
    return { ...rest, resource: resource === 'all' ? undefined : resource };
  }, [params.query]);
  return (
    <GroupsList
      params={params}
      query={query}
      filters={
        <>
          <FilterSelect ns="duplicates" defs={HOME_LIST.filters} name="status" params={params} />
          <FilterSelect ns="duplicates" defs={HOME_LIST.filters} name="resource" params={params} width={190} />
        </>
      }
    />
  );
}

/** One resource's list. */
export function ResourceDuplicatesList({ resource }: { resource: DuplicateResource }) {
  const params = useListParams(RESOURCE_LIST);
  const query: DuplicatesQuery = useMemo(() => ({ ...params.query, resource }), [params.query, resource]);
  return (
    <GroupsList
      params={params}
      query={query}
      filters={<FilterSelect ns="duplicates" defs={RESOURCE_LIST.filters} name="status" params={params} />}
    />
  );
}

/** What a groups list reads of `useListParams`, whichever filters it has. */
interface GroupsListParams extends DocumentListParams {
  isFiltered: boolean;
  clearFilters: () => void;
  sort: DuplicateSort | undefined;
  order: SortOrder;
  setSort: (column: DuplicateSort, direction?: SortOrder) => void;
}

/**
 * A list of duplicate groups: search, the status filter (unresolved by default), sorting, paging,
 * the row actions, and the empty states: no scan yet (with "check now") or none found.
 */
function GroupsList({ params, query, filters }: { params: GroupsListParams; query: DuplicatesQuery; filters: ReactNode }) {
  const { t } = useTranslation('duplicates');
  const user = useCurrentUser();
  const canWrite = user?.scopes.includes('duplicates.write') ?? false;
  const groups = useDuplicates(query);
  const summary = useDuplicatesSummary();
  const scan = useStartScan();
  const actions = useGroupActions();
  const neverScanned = summary.data !== undefined && summary.data.scan.status === null;
  // A scan that has just ended may have found groups: the list is asked again.
  const queryClient = useQueryClient();
  const finishedAt = summary.data?.scan.finishedAt;
  const seenFinish = useRef(finishedAt);
  useEffect(() => {
    if (seenFinish.current === finishedAt) return;
    const before = seenFinish.current;
    seenFinish.current = finishedAt;
    if (before !== undefined) void queryClient.invalidateQueries({ queryKey: [...duplicatesKey, 'list'] });
  }, [finishedAt, queryClient]);
  const checkNow = () => scan.mutate(undefined, { onError: (error) => notifyError(listErrorMessage(error) ?? t('scan.failed')) });

  const scanButton = canWrite ? (
    <Button leftSection={<IconRadar size={18} aria-hidden="true" />} loading={scan.isPending} onClick={checkNow}>
      {t('scan.checkNow')}
    </Button>
  ) : null;

  return (
    <>
      <DocumentList
        params={params}
        query={groups}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={filters}
        isFiltered={params.isFiltered}
        onClearFilters={params.clearFilters}
        needsAccounting
        empty={
          neverScanned
            ? { icon: IconRadar, title: t('list.noScanTitle'), text: t('list.noScanText'), action: scanButton }
            : { icon: IconCopy, title: t('list.emptyTitle'), text: t('list.emptyText') }
        }
      >
        {(rows) => (
          <DuplicatesTable
            rows={rows}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={groups.isFetching}
            canWrite={canWrite}
            onAction={actions.run}
          />
        )}
      </DocumentList>
      {actions.dialog}
    </>
  );
}
