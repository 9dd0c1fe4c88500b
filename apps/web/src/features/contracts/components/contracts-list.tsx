import { CONTRACT_TAG_MAX_LENGTH } from '@fairway/shared';
import { Alert, Autocomplete, CloseButton, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileDollar, IconInfoCircle, IconTag } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { AccountingListActions, DocumentList, NewButton } from '../../../components/list/document-list';
import { useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { useContractTags } from '../api/list-contract-tags';
import { contractsKey, useContracts } from '../api/list-contracts';
import { CONTRACTS_LIST, type ContractsQuery, STATUS_TABS } from '../lib/list-config';
import { CONTRACT_PATHS } from '../lib/paths';
import { useTagParam } from '../lib/use-tag-param';
import { ContractsTable } from './contracts-table';

const REFRESHED = [contractsKey] as const;

/**
 * The tag filter: type a tag (suggestions are the tags in use on the club account's contracts,
 * GET contracts/tags) and press Enter or pick one; the list follows once chosen, not on every key.
 */
function TagFilter({
  value,
  onChange,
  known,
}: {
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
  known: string[];
}) {
  const { t } = useTranslation('contracts');
  const [input, setInput] = useState(value ?? '');
  useEffect(() => setInput(value ?? ''), [value]);
  const commit = (next: string) => {
    const tag = next.trim();
    if ((tag || undefined) !== value) onChange(tag || undefined);
  };
  return (
    <Autocomplete
      label={t('list.filters.tag.label')}
      placeholder={t('list.filters.tag.placeholder')}
      leftSection={<IconTag size={16} aria-hidden="true" />}
      value={input}
      onChange={setInput}
      onOptionSubmit={commit}
      onBlur={() => commit(input)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
      data={known}
      maxLength={CONTRACT_TAG_MAX_LENGTH}
      rightSection={
        input ? (
          <CloseButton
            size="sm"
            aria-label={t('list.filters.tag.clear')}
            onClick={() => {
              setInput('');
              commit('');
            }}
          />
        ) : null
      }
      w={{ base: '100%', xs: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The contracts list: the status as tabs (all and the five states of docs/accounting-data.md#contracts), tag filter,
 * search, export, refresh, the table and its pager; the accounting program's notice when it
 * keeps no contracts (Visma eEkonomi).
 */
export function ContractsList() {
  const { t } = useTranslation('contracts');
  const user = useCurrentUser();
  const params = useListParams(CONTRACTS_LIST);
  const [tag, setTag] = useTagParam();
  const query: ContractsQuery = useMemo(() => ({ ...params.query, tag }), [params.query, tag]);
  const list = useContracts(query);
  const canWrite = user?.scopes.includes('contracts.write') ?? false;

  const unsupported = list.data?.supported === false;
  const tags = useContractTags(list.data !== undefined && !unsupported);
  const knownTags = useMemo(() => (tags.data ?? []).map((usage) => usage.name), [tags.data]);

  const newButton = canWrite && !unsupported ? <NewButton to={CONTRACT_PATHS.create}>{t('list.new')}</NewButton> : null;

  const isFiltered = params.isFiltered || tag !== undefined;
  const clearFilters = () => {
    params.clearFilters();
    setTag(undefined);
  };

  if (unsupported) {
    return (
      <EmptyState title={t('list.unsupportedTitle')} order={3} icon={<IconInfoCircle size={30} stroke={1.6} />}>
        {list.data?.notice ?? t('list.unsupportedText')}
      </EmptyState>
    );
  }

  return (
    <Stack gap={0}>
      <ScrollArea type="auto" mb="md" offsetScrollbars="x">
        <SegmentedControl
          aria-label={t('list.filters.status.label')}
          value={params.filters.status}
          onChange={(value) => params.setFilter('status', value as (typeof STATUS_TABS)[number])}
          data={STATUS_TABS.map((value) => ({ value, label: t(`list.filters.status.${value}`) }))}
        />
      </ScrollArea>
      <DocumentList
        params={params}
        query={list}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={<TagFilter value={tag} onChange={setTag} known={knownTags} />}
        actions={
          <AccountingListActions
            invalidate={REFRESHED}
            exportPath="contracts/export"
            query={query}
            fileName={t('list.exportFileName')}
            newButton={newButton}
          />
        }
        notice={
          list.data?.notice ? (
            <Alert variant="light" color="blue" mb="md" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
              <Text fz="sm">{list.data.notice}</Text>
            </Alert>
          ) : null
        }
        isFiltered={isFiltered}
        onClearFilters={clearFilters}
        needsAccounting
        empty={{ icon: IconFileDollar, title: t('list.emptyTitle'), text: t('list.emptyText'), action: newButton }}
      >
        {(rows) => (
          <ContractsTable
            rows={rows}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={list.isFetching}
            onTag={(name) => setTag(name)}
          />
        )}
      </DocumentList>
    </Stack>
  );
}
