import { Button, Select } from '@mantine/core';
import { IconBox, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { SyncButton } from '../../../components/list/sync-button';
import { useListParams } from '../../../components/list/use-list-params';
import { useCurrentUser } from '../../../lib/current-user';
import { articlesKey, useArticles } from '../api/list-articles';
import { ARTICLES_LIST } from '../lib/list-config';
import { ARTICLE_PATHS } from '../lib/paths';
import { ArticlesTable } from './articles-table';

const REFRESHED = [articlesKey] as const;
const FILTER_NAMES = ['status', 'type', 'stockItem'] as const;

/** The "Articles" tab: search, status/type/stock filters, export, refresh, the table and its pager. */
export function ArticlesList() {
  const { t } = useTranslation('articles');
  const user = useCurrentUser();
  const params = useListParams(ARTICLES_LIST);
  const query = useArticles(params.query);
  const canWrite = user?.scopes.includes('articles.write') ?? false;
  // Refreshing the copy is open to whoever reads the accounting data (POST synchronize).
  const canSync = user?.scopes.includes('invoices.read') ?? false;

  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const { page, setPage } = params;
  // A page beyond the last (an old link, or fewer articles since) falls back to the last one.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && total > 0 && page > pages) setPage(pages);
  }, [query.data, query.isPlaceholderData, total, page, pages, setPage]);

  const newButton = canWrite ? (
    <Button component={Link} to={ARTICLE_PATHS.create} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t('list.new')}
    </Button>
  ) : null;

  return (
    <>
      <ListToolbar
        search={params.searchInput}
        onSearchChange={params.setSearchInput}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={FILTER_NAMES.map((name) => (
          <Select
            key={name}
            label={t(`list.filters.${name}.label`)}
            value={params.filters[name]}
            onChange={(value) => value && params.setFilter(name, value as never)}
            data={ARTICLES_LIST.filters[name].map((value) => ({ value, label: t(`list.filters.${name}.${value}`) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
        actions={
          <>
            {canSync ? <SyncButton invalidate={REFRESHED} /> : null}
            <ExportMenu path="articles/export" query={params.query} fileName={t('list.exportFileName')} />
            {newButton}
          </>
        }
      />
      <ListBody
        query={query}
        isFiltered={params.isFiltered}
        onClearFilters={params.clearFilters}
        needsAccounting
        empty={
          <EmptyState title={t('list.emptyTitle')} order={3} icon={<IconBox size={30} stroke={1.6} />} action={newButton}>
            {t('list.emptyText')}
          </EmptyState>
        }
      >
        {(rows) => (
          <ArticlesTable
            rows={rows}
            sort={params.sort}
            order={params.order}
            onSort={params.setSort}
            fetching={query.isFetching}
          />
        )}
      </ListBody>
      <ListFooter
        page={params.page}
        pageSize={params.pageSize}
        total={total}
        onPageChange={params.setPage}
        onPageSizeChange={params.setPageSize}
      />
    </>
  );
}
