import type { GitArticleRow } from '@fairway/shared';
import { Text } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListBody } from '../../../components/list/list-body';
import { ListFooter } from '../../../components/list/list-footer';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { type ListParamsConfig, useListParams } from '../../../components/list/use-list-params';
import { useGitArticles } from '../api/list-git-articles';
import { useGitFormat } from '../lib/format';
import { GitTable } from './git-table';

const LIST: ListParamsConfig<never, Record<never, never>> = { sorts: [], filters: {} };

/** GIT's articles (fees): code, name, price, VAT and account. */
export function GitArticlesTab() {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const params = useListParams(LIST);
  const { page, pageSize, search } = params.query;
  const query = useGitArticles({ page, pageSize, search });
  return (
    <>
      <ListToolbar search={params.searchInput} onSearchChange={params.setSearchInput} searchLabel={t('articles.search')} />
      <ListBody
        query={query}
        isFiltered={params.isFiltered}
        onClearFilters={params.clearFilters}
        empty={
          <EmptyState title={t('articles.emptyTitle')} order={3} icon={<IconBox size={30} stroke={1.6} />}>
            {t('articles.emptyText')}
          </EmptyState>
        }
      >
        {(rows) => (
          <GitTable<GitArticleRow>
            label={t('articles.table')}
            rows={rows}
            fetching={query.isFetching}
            columns={[
              { accessor: 'code', title: t('articles.columns.code'), noWrap: true },
              { accessor: 'name', title: t('articles.columns.name') },
              {
                accessor: 'amountOre',
                title: t('articles.columns.price'),
                textAlign: 'right',
                noWrap: true,
                render: (a) => format.sek(a.amountOre),
              },
              { accessor: 'vatRate', title: t('articles.columns.vat'), textAlign: 'right', render: (a) => `${a.vatRate} %` },
              { accessor: 'account', title: t('articles.columns.account'), visibleMediaQuery: '(min-width: 48em)' },
              {
                accessor: 'memberCategoryCode',
                title: t('articles.columns.category'),
                visibleMediaQuery: '(min-width: 62em)',
                render: (a) =>
                  a.memberCategoryCode ?? (
                    <Text span c="dimmed" fz="sm">
                      –
                    </Text>
                  ),
              },
            ]}
          />
        )}
      </ListBody>
      <ListFooter
        page={params.page}
        pageSize={params.pageSize}
        total={query.data?.pagination.total ?? 0}
        onPageChange={params.setPage}
        onPageSizeChange={params.setPageSize}
      />
    </>
  );
}
